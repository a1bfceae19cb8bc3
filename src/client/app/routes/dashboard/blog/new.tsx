import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { PostCreateView } from '../../../../features/blog/views/post-form-view.tsx';

/** `/dashboard/blog/new` (issue #14): every signed-in user writes posts. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('blog.form.createTitle')} />
      <PostCreateView />
    </>
  );
}
