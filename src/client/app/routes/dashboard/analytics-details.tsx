import { AnalyticsDetailsView } from '../../../features/analytics/views/analytics-details-view.tsx';

/**
 * `/dashboard/analytics/:view`: one breakdown of a site's traffic (pages, sources, countries…) with the shared
 * range, the previous period, the filters and CSV (issue 30 B); the view sets its own title.
 */
export function Component() {
  return <AnalyticsDetailsView />;
}
