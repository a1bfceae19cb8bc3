import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { PostEditView } from '../../../../features/posts/views/post-form-view.tsx';

/** `/dashboard/blog/post/{title}/edit` (issue #14): its author and administrators (the server checks). */
export function Component() {
  const { t } = useTranslation();
  const { title = '' } = useParams();
  return (
    <>
      <PageTitle title={t('posts.form.editTitle')} />
      <PostEditView key={title} slug={title} />
    </>
  );
}
