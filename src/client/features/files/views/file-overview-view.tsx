import { useTranslation } from 'react-i18next';

import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { boardWidget } from '../../../components/widget-board/board-widget.ts';
import { WidgetBoard, type BoardWidget } from '../../../components/widget-board/widget-board.tsx';
import { useFileOverview, useFileOverviewLive, useFilePeriod } from '../api/file-overview-api.ts';
import type { UploadQueue } from '../api/files-upload.ts';
import {
  FileActivityWidget,
  FileFoldersWidget,
  FileLocationsWidget,
  FileRecentWidget,
  FileStorageWidget,
  FileUploadWidget,
  type FileOverviewContext,
} from '../components/file-overview-widgets.tsx';

/**
 * `/dashboard/file` (issue 27 B, ADR 048): the person's storage against their quota by kind, their uploads
 * over a week, a month or a year (`?period=`), their folders and recent files, an upload box to their root
 * and one card per storage location. One request feeds every widget; an upload finishing here or a change
 * anywhere the person sees (`files.changed`) refreshes it.
 */
export function FileOverviewView({ queue }: { queue?: UploadQueue }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useFilePeriod();
  const overview = useFileOverview(period);
  useFileOverviewLive();

  const ctx: FileOverviewContext = {
    data: overview.data,
    loading: overview.isPending,
    error: overview.isError && !overview.data,
    retry: () => void overview.refetch(),
  };

  const widgets: BoardWidget[] = [
    ...boardWidget(
      'storage',
      t('overview.file.storage.title'),
      { md: 6, lg: 4 },
      <FileStorageWidget ctx={ctx} />,
    ),
    ...boardWidget(
      'upload',
      t('overview.file.upload.title'),
      { md: 6, lg: 4 },
      <FileUploadWidget queue={queue} />,
    ),
    ...boardWidget(
      'recent-files',
      t('overview.file.recent.title'),
      { md: 6, lg: 4 },
      <FileRecentWidget ctx={ctx} />,
    ),
    ...boardWidget(
      'data-activity',
      t('overview.file.activity.title'),
      { md: 6, lg: 8 },
      <FileActivityWidget ctx={ctx} period={period} onPeriodChange={setPeriod} />,
    ),
    ...boardWidget(
      'locations',
      t('overview.file.locations.title'),
      { md: 6, lg: 4 },
      <FileLocationsWidget ctx={ctx} />,
    ),
    ...boardWidget('folders', t('overview.file.folders.title'), undefined, <FileFoldersWidget ctx={ctx} />),
  ];

  return (
    <>
      <PageHeading title={t('overview.file.pageTitle')} />
      <WidgetBoard dashboard="file" widgets={widgets} />
    </>
  );
}
