import CloudOutlined from '@mui/icons-material/CloudOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import { ATTACHMENT_ACCEPT, FILE_LIMITS, fileKinds, type FileKind } from '#shared/contract/file-limits.ts';
import type { FileActivityPeriod, FileLocation, FileOverview } from '#shared/contract/overview-file.ts';

import { chartSvgIn } from '../../../components/chart/chart-image.ts';
import { Chart } from '../../../components/chart/chart.tsx';
import { FileButton } from '../../../components/file-button/file-button.tsx';
import { ChartWidget, WidgetPeriodSelect } from '../../../components/widget-card/chart-widget.tsx';
import { WidgetCard } from '../../../components/widget-card/widget-card.tsx';
import { paths } from '../../../config/paths.ts';
import { fData, fDateTime, fNumber, fPercent } from '../../../lib/format.ts';
import { uploadQueue, useUploads, type UploadQueue } from '../api/files-upload.ts';
import { ClashDialog } from './clash-dialog.tsx';
import { FileKindIcon, kindColor } from './file-kind-icon.tsx';
import { UploadPanel } from './upload-panel.tsx';

type StoredKind = Exclude<FileKind, 'folder'>;
const storedKinds = fileKinds.filter((kind): kind is StoredKind => kind !== 'folder');

/** What every widget of the file overview is given: the one answer (they load, fail and retry together). */
export type FileOverviewContext = {
  data: FileOverview | undefined;
  loading: boolean;
  error: boolean;
  retry: () => void;
};

const cardState = (ctx: FileOverviewContext) => ({
  loading: ctx.loading,
  error: ctx.error,
  onRetry: ctx.retry,
});

/** The file manager opened on a folder (`null`: the person's root), or filtered to a kind. */
export const fileManagerAt = (folderId: string | null) =>
  folderId ? `${paths.dashboard.fileManager}?folder=${folderId}` : paths.dashboard.fileManager;
export const fileManagerOfKind = (kind: StoredKind) =>
  `${paths.dashboard.fileManager}?view=recent&type=${kind}`;

function useKindLabel() {
  const { t } = useTranslation();
  return (kind: FileKind) => t(`files.kinds.${kind}`);
}

/** Storage used against the quota, by kind: a donut of bytes, each kind with its bytes and file count. */
export function FileStorageWidget({ ctx }: { ctx: FileOverviewContext }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kindLabel = useKindLabel();
  const drawing = useRef<HTMLDivElement>(null);
  const storage = ctx.data?.storage;
  const kinds = (storage?.byKind ?? []).filter((entry) => entry.bytes > 0);
  const title = t('overview.file.storage.title');
  const share = storage && storage.quotaBytes > 0 ? storage.usedBytes / storage.quotaBytes : 0;
  return (
    <ChartWidget<(typeof kinds)[number]>
      id="storage"
      title={title}
      info={t('overview.file.storage.info')}
      subheader={
        storage &&
        t('overview.file.storage.used', {
          used: fData(storage.usedBytes),
          quota: fData(storage.quotaBytes),
          percent: fPercent(share),
        })
      }
      {...cardState(ctx)}
      empty={storage !== undefined && kinds.length === 0}
      emptyText={t('overview.file.storage.empty')}
      data={{
        columns: [
          { header: t('overview.file.columns.kind'), value: (entry) => kindLabel(entry.kind) },
          { header: t('overview.file.columns.bytes'), value: (entry) => entry.bytes },
          { header: t('overview.file.columns.files'), value: (entry) => entry.count },
        ],
        rows: kinds,
      }}
      image={() => chartSvgIn(drawing.current)}
      fileName="file-storage"
      list={{ to: paths.dashboard.fileManager }}
      height={300}
      sx={{ height: 1 }}
    >
      {storage && (
        <Box ref={drawing}>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, share * 100)}
            color={share > 0.9 ? 'error' : 'primary'}
            aria-label={t('overview.file.storage.quota')}
            aria-valuetext={fPercent(share)}
            sx={{ height: 8, borderRadius: 1, mb: 2 }}
          />
          <Chart
            type="donut"
            title={title}
            totalLabel={t('overview.file.storage.total')}
            height={240}
            valueFormat="bytes"
            hideLegend
            slices={kinds.map((entry) => ({ label: kindLabel(entry.kind), value: entry.bytes }))}
            onItemClick={({ dataIndex }) => {
              const entry = kinds[dataIndex];
              if (entry) void navigate(fileManagerOfKind(entry.kind));
            }}
            itemActionLabel={({ dataIndex }) =>
              t('overview.file.storage.open', { kind: kindLabel(kinds[dataIndex]?.kind ?? 'other') })
            }
          />
          <Box
            component="ul"
            sx={{
              m: 0,
              mt: 2,
              p: 0,
              listStyle: 'none',
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: '1fr 1fr',
            }}
          >
            {kinds.map((entry) => (
              <Box component="li" key={entry.kind} sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
                <FileKindIcon kind={entry.kind} aria-hidden sx={{ color: kindColor[entry.kind] }} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="subtitle2" noWrap>
                    {kindLabel(entry.kind)}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('overview.file.storage.kindLine', {
                      bytes: fData(entry.bytes),
                      count: entry.count,
                      files: fNumber(entry.count),
                    })}
                  </Typography>
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </ChartWidget>
  );
}

/** Bytes uploaded per kind over the week, month or year (days or months of the viewer's zone), stacked. */
export function FileActivityWidget({
  ctx,
  period,
  onPeriodChange,
}: {
  ctx: FileOverviewContext;
  period: FileActivityPeriod;
  onPeriodChange: (period: FileActivityPeriod) => void;
}) {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const drawing = useRef<HTMLDivElement>(null);
  const activity = ctx.data?.activity;
  const buckets = activity?.buckets ?? [];
  const kinds = storedKinds.filter((kind) => buckets.some((bucket) => (bucket.bytes[kind] ?? 0) > 0));
  const title = t('overview.file.activity.title');
  const dayOf = (start: string) => new Date(`${start}T00:00:00`);
  return (
    <ChartWidget<(typeof buckets)[number]>
      id="data-activity"
      title={title}
      info={t('overview.file.activity.info')}
      period={
        <WidgetPeriodSelect
          label={t('overview.file.activity.period')}
          value={period}
          options={(['week', 'month', 'year'] as const).map((value) => ({
            value,
            label: t(`overview.file.activity.periods.${value}`),
          }))}
          onChange={onPeriodChange}
        />
      }
      {...cardState(ctx)}
      empty={activity !== undefined && kinds.length === 0}
      emptyText={t('overview.file.activity.empty')}
      data={{
        columns: [
          { header: t('overview.file.columns.start'), value: (bucket) => bucket.start },
          ...kinds.map((kind) => ({
            header: kindLabel(kind),
            value: (bucket: (typeof buckets)[number]) => bucket.bytes[kind] ?? 0,
          })),
        ],
        rows: buckets,
      }}
      image={() => chartSvgIn(drawing.current)}
      fileName={`file-activity-${period}`}
      height={320}
      sx={{ height: 1 }}
    >
      {activity && (
        <Box ref={drawing}>
          <Chart
            type="bar"
            title={title}
            stacked
            valueFormat="bytes"
            dateFormat={activity.unit === 'month' ? 'month' : 'day'}
            categoryLabel={t('overview.file.columns.start')}
            categories={buckets.map((bucket) => dayOf(bucket.start))}
            series={kinds.map((kind) => ({
              name: kindLabel(kind),
              data: buckets.map((bucket) => bucket.bytes[kind] ?? 0),
            }))}
            height={320}
          />
        </Box>
      )}
    </ChartWidget>
  );
}

/** The person's top-level folders, a horizontal list; each opens in the file manager. */
export function FileFoldersWidget({ ctx }: { ctx: FileOverviewContext }) {
  const { t } = useTranslation();
  const folders = ctx.data?.folders ?? [];
  return (
    <WidgetCard<(typeof folders)[number]>
      id="folders"
      title={t('overview.file.folders.title')}
      {...cardState(ctx)}
      empty={ctx.data !== undefined && folders.length === 0}
      emptyText={t('overview.file.folders.empty')}
      skeleton={<Skeleton variant="rounded" height={112} />}
      data={{
        columns: [
          { header: t('overview.file.columns.name'), value: (folder) => folder.name },
          { header: t('overview.file.columns.bytes'), value: (folder) => folder.bytes },
          { header: t('overview.file.columns.files'), value: (folder) => folder.fileCount },
        ],
        rows: folders,
      }}
      fileName="file-folders"
      list={{ to: paths.dashboard.fileManager }}
    >
      <Box
        component="ul"
        aria-label={t('overview.file.folders.title')}
        sx={{
          m: 0,
          p: 0,
          pb: 1,
          listStyle: 'none',
          display: 'flex',
          gap: 2,
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
        }}
      >
        {folders.map((folder) => (
          <Box component="li" key={folder.id} sx={{ flex: '0 0 200px', scrollSnapAlign: 'start' }}>
            <Card variant="outlined" sx={{ p: 2, height: 1 }}>
              <FolderOutlined aria-hidden sx={{ color: kindColor.folder, fontSize: 36 }} />
              <Link
                component={RouterLink}
                to={fileManagerAt(folder.id)}
                variant="subtitle2"
                color="inherit"
                noWrap
                sx={{ display: 'block', mt: 1 }}
              >
                {folder.name}
              </Link>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('overview.file.folders.line', {
                  bytes: fData(folder.bytes),
                  count: folder.fileCount,
                  files: fNumber(folder.fileCount),
                })}
              </Typography>
            </Card>
          </Box>
        ))}
      </Box>
    </WidgetCard>
  );
}

/** The person's files, last changed first; each opens its folder in the file manager. */
export function FileRecentWidget({ ctx }: { ctx: FileOverviewContext }) {
  const { t } = useTranslation();
  const kindLabel = useKindLabel();
  const recent = ctx.data?.recent ?? [];
  return (
    <WidgetCard<(typeof recent)[number]>
      id="recent-files"
      title={t('overview.file.recent.title')}
      {...cardState(ctx)}
      empty={ctx.data !== undefined && recent.length === 0}
      emptyText={t('overview.file.recent.empty')}
      skeleton={
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={40} />
          ))}
        </Box>
      }
      data={{
        columns: [
          { header: t('overview.file.columns.name'), value: (file) => file.name },
          { header: t('overview.file.columns.kind'), value: (file) => kindLabel(file.kind) },
          { header: t('overview.file.columns.bytes'), value: (file) => file.size },
          { header: t('overview.file.columns.modified'), value: (file) => file.updatedAt },
        ],
        rows: recent,
      }}
      fileName="file-recent"
      list={{ to: `${paths.dashboard.fileManager}?view=recent` }}
      sx={{ height: 1 }}
    >
      <Box
        component="ul"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {recent.map((file) => (
          <Box
            component="li"
            key={file.id}
            sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}
          >
            <FileKindIcon kind={file.kind} aria-hidden sx={{ color: kindColor[file.kind], fontSize: 32 }} />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Link
                component={RouterLink}
                to={fileManagerAt(file.parentId)}
                variant="subtitle2"
                color="inherit"
                noWrap
                sx={{ display: 'block' }}
              >
                {file.name}
              </Link>
              <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
                {`${fData(file.size)} · ${fDateTime(file.updatedAt)}`}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </WidgetCard>
  );
}

const MAX_UPLOAD_BYTES = FILE_LIMITS.drive.maxBytes;

/**
 * An upload box: files dropped or chosen go to the person's root through the file manager's upload queue
 * (resumable, with progress; a name already there asks keep both, replace or skip as in the manager).
 */
export function FileUploadWidget({ queue = uploadQueue }: { queue?: UploadQueue }) {
  const { t } = useTranslation();
  const hintId = useId();
  const [over, setOver] = useState(false);
  const entries = useUploads(queue).filter((entry) => entry.folderId === null);
  const clashes = entries.filter((entry) => entry.status === 'clash');
  const clash = clashes[0];
  const tooBig = t('files.upload.tooBig', { max: fData(MAX_UPLOAD_BYTES) });
  const add = (chosen: File[]) => {
    if (chosen.length === 0) return;
    queue.add(
      chosen.map((file) => ({ file, error: file.size > MAX_UPLOAD_BYTES ? tooBig : undefined })),
      null,
    );
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    add([...event.dataTransfer.files]);
  };
  return (
    <WidgetCard id="upload" title={t('overview.file.upload.title')} sx={{ height: 1 }}>
      <Box
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="file-overview-drop"
        sx={{
          p: 3,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1.5,
          textAlign: 'center',
          borderRadius: 2,
          border: '1px dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'background.neutral',
        }}
      >
        <CloudUploadOutlined aria-hidden sx={{ fontSize: 48, color: 'primary.main' }} />
        <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary' }}>
          {t('overview.file.upload.hint')}
        </Typography>
        <FileButton
          variant="contained"
          accept={ATTACHMENT_ACCEPT}
          multiple
          describedBy={hintId}
          onFile={(file) => add([file])}
        >
          {t('overview.file.upload.choose')}
        </FileButton>
      </Box>
      {entries.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <UploadPanel entries={entries} queue={queue} />
        </Box>
      )}
      {clash && (
        <ClashDialog
          key={clash.key}
          name={clash.name}
          others={clashes.length - 1}
          onChoose={(choice, forAll) => {
            for (const entry of forAll ? clashes : [clash]) queue.resolveClash(entry.key, choice);
          }}
        />
      )}
    </WidgetCard>
  );
}

/** One card per storage location: local disk or object storage, used and (where known) free space. */
export function FileLocationsWidget({ ctx }: { ctx: FileOverviewContext }) {
  const { t } = useTranslation();
  const locations = ctx.data?.locations ?? [];
  const instanceWide = ctx.data?.instanceWide ?? false;
  const kindName = (location: FileLocation) => t(`overview.file.locations.kinds.${location.kind}`);
  return (
    <WidgetCard<FileLocation>
      id="locations"
      title={t('overview.file.locations.title')}
      info={t(instanceWide ? 'overview.file.locations.infoAdmin' : 'overview.file.locations.info')}
      {...cardState(ctx)}
      empty={ctx.data !== undefined && locations.length === 0}
      emptyText={t('overview.file.locations.empty')}
      skeleton={<Skeleton variant="rounded" height={96} />}
      data={{
        columns: [
          { header: t('overview.file.columns.location'), value: kindName },
          { header: t('overview.file.columns.name'), value: (location) => location.name ?? '' },
          { header: t('overview.file.columns.bytes'), value: (location) => location.usedBytes },
          { header: t('overview.file.columns.files'), value: (location) => location.fileCount },
          { header: t('overview.file.columns.free'), value: (location) => location.freeBytes ?? '' },
        ],
        rows: locations,
      }}
      fileName="file-locations"
    >
      <Box
        component="ul"
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(240px, 1fr))' },
        }}
      >
        {locations.map((location, index) => (
          <LocationCard
            key={`${location.kind}-${location.name ?? index}`}
            location={location}
            label={kindName(location)}
          />
        ))}
      </Box>
    </WidgetCard>
  );
}

function LocationCard({ location, label }: { location: FileLocation; label: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const Icon = location.kind === 's3' ? CloudOutlined : StorageOutlined;
  const share =
    location.totalBytes && location.totalBytes > 0 && location.freeBytes !== null
      ? (location.totalBytes - location.freeBytes) / location.totalBytes
      : null;
  return (
    <Card component="li" variant="outlined" data-location={location.kind} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <Icon aria-hidden sx={{ fontSize: 32, color: 'primary.main' }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography id={labelId} variant="subtitle1" component="h3" noWrap>
            {label}
          </Typography>
          {location.name && location.name !== location.kind && (
            <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
              {location.name}
            </Typography>
          )}
        </Box>
      </Box>
      <Typography variant="body2">
        {t('overview.file.locations.used', {
          bytes: fData(location.usedBytes),
          count: location.fileCount,
          files: fNumber(location.fileCount),
        })}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {location.freeBytes === null
          ? t('overview.file.locations.freeUnknown')
          : t('overview.file.locations.free', { bytes: fData(location.freeBytes) })}
      </Typography>
      {share !== null && (
        <LinearProgress
          variant="determinate"
          value={share * 100}
          aria-labelledby={labelId}
          aria-valuetext={fPercent(share)}
          sx={{ mt: 1.5, height: 6, borderRadius: 1 }}
        />
      )}
    </Card>
  );
}
