import ReplayRounded from '@mui/icons-material/ReplayRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';

import { NotFoundView } from '../error-views/not-found-view.tsx';
import { PageTitle } from '../page-title/page-title.tsx';

/** A page's code could not be fetched (a deploy replaced it, or the network dropped): only a reload helps. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Loading chunk/i.test(
    message,
  );
}

type PageErrorViewProps = { error?: unknown; onRetry?: () => void };

/**
 * A failed page inside a layout: a friendly message and Retry (the navigation and header stay usable).
 * As a route error element it reads the route error itself; a 404 answer shows the not-found view.
 */
export function PageErrorView({ error: errorProp, onRetry }: PageErrorViewProps) {
  const { t } = useTranslation();
  const routeError = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const error = errorProp ?? routeError;

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;

  const retry = () => {
    if (isChunkLoadError(error)) {
      window.location.reload();
      return;
    }
    if (onRetry) onRetry();
    else void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  };

  return (
    <Box role="alert" sx={{ py: { xs: 8, md: 10 }, px: 2, mx: 'auto', maxWidth: 480, textAlign: 'center' }}>
      <PageTitle title={t('pageError.title')} />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('pageError.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('pageError.description')}</Typography>
      <Button size="large" variant="contained" startIcon={<ReplayRounded />} onClick={retry}>
        {t('pageError.retry')}
      </Button>
    </Box>
  );
}

type BoundaryProps = { children: ReactNode; resetKey: string };
type BoundaryState = { error: unknown; resetKey: string };

class PageErrorBoundaryInner extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // Going to another page clears the error.
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override render() {
    if (this.state.error) {
      return <PageErrorView error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}

/** Catches a page's render errors inside the layout; cleared by Retry or by going to another page. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PageErrorBoundaryInner resetKey={pathname}>{children}</PageErrorBoundaryInner>;
}
