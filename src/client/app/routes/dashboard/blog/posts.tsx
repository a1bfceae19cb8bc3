import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { PostListView } from '../../../../features/posts/views/post-list-view.tsx';

/** `/dashboard/blog/posts` (issue #14); `/dashboard/blog` opens it too. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('posts.list.title')} />
      <PostListView />
    </>
  );
}
