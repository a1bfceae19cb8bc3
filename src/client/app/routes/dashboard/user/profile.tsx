import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { UserProfileView } from '../../../../features/users/views/user-profile-view.tsx';
import { ensureTranslations } from '../../../../locales/i18n.ts';

/** The blog's recent posts of a person, with the blog's texts, loaded with the Profile tab. */
const RecentPosts = lazy(() =>
  Promise.all([
    import('../../../../features/posts/components/recent-posts.tsx'),
    ensureTranslations('posts'),
  ]).then(([module]) => ({ default: module.RecentPosts })),
);

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('users.profile.pageTitle')} />
      <UserProfileView
        recentPosts={(userId) => (
          <Suspense fallback={<Skeleton variant="rounded" height={200} />}>
            <RecentPosts authorId={userId} />
          </Suspense>
        )}
      />
    </>
  );
}
