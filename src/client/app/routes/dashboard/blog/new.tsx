import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { PostCreateView } from '../../../../features/posts/views/post-form-view.tsx';

/** `/dashboard/blog/new` (issue #14): every signed-in user writes posts. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('posts.form.createTitle')} />
      <PostCreateView />
    </>
  );
}
