import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useNavigate, useNavigation, useRouteError } from 'react-router';

import { paths } from '../../config/paths.ts';
import { CompactLayout } from './compact-layout.tsx';
import { ErrorContent } from './error-content.tsx';
import { ServerErrorIllustration } from './illustrations.tsx';
import { NotFoundView } from './not-found-view.tsx';

// A 403 from a loader is rare: its page loads when needed (the other views stay in the entry, so a failed
// chunk can still be reported when the network is gone).
const ForbiddenView = lazy(() => import('./forbidden-view.tsx').then((m) => ({ default: m.ForbiddenView })));

/** A page chunk that could not be loaded (typically: a new version was deployed meanwhile). */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch|ChunkLoadError/i.test(
      `${error.name} ${error.message}`,
    )
  );
}

/**
 * Route error boundary: a 404 or 403 answer shows that page; anything else (a stale chunk after a deploy,
 * a render or loader error) says so and offers Retry. Retry navigates to the same address again: loaders
 * run again and React Router clears the error boundary (it resets on a new location), so the page renders
 * again; a chunk that failed to load needs a full reload instead.
 */
export function RouteErrorView() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { t } = useTranslation();

  const retry = () => {
    if (isChunkLoadError(error)) window.location.reload();
    else void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  };

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <CompactLayout>
        <NotFoundView />
      </CompactLayout>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <CompactLayout>
        <Suspense>
          <ForbiddenView />
        </Suspense>
      </CompactLayout>
    );
  }

  return (
    <CompactLayout>
      <ErrorContent
        pageTitle={t('errors.unexpected.pageTitle')}
        title={t('errors.unexpected.title')}
        description={t('errors.unexpected.description')}
        illustration={<ServerErrorIllustration />}
        action={
          <>
            <Button
              size="large"
              variant="contained"
              startIcon={<RefreshIcon />}
              onClick={retry}
              loading={navigation.state === 'loading'}
            >
              {t('errorPages.route.retry')}
            </Button>
            <Button size="large" variant="outlined" color="inherit" href={paths.root}>
              {t('errorPages.route.home')}
            </Button>
          </>
        }
      />
    </CompactLayout>
  );
}
