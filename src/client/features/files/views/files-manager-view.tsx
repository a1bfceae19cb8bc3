import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import ContentCopy from '@mui/icons-material/ContentCopy';
import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { ATTACHMENT_ACCEPT, FILE_LIMITS, fileKinds, type FileKind } from '#shared/contract/file-limits.ts';
import type { FileItem, FileView } from '#shared/contract/files.ts';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { DataTablePagination } from '../../../components/data-table/data-table-pagination.tsx';
import { ListDateRange } from '../../../components/data-table/list-date-range.tsx';
import { ListSearchField } from '../../../components/data-table/list-search-field.tsx';
import { SelectionBar } from '../../../components/data-table/selection-bar.tsx';
import {
  listTableProps,
  useListState,
  type ListStateControls,
} from '../../../components/data-table/use-list-state.ts';
import { FileButton } from '../../../components/file-button/file-button.tsx';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { TabStrip } from '../../../components/tab-strip/tab-strip.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageExists } from '../../../layouts/dashboard/use-page-exists.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fData, fDate } from '../../../lib/format.ts';
import { downloadItems, useFileActions, useFilesLive } from '../api/files-api.ts';
import {
  filesList,
  fileSortKeys,
  fileViewsInOrder,
  useFilesList,
  type FilesSortKey,
} from '../api/files-list.ts';
import { uploadQueue, useUploads, type UploadQueue } from '../api/files-upload.ts';
import { ClashDialog } from '../components/clash-dialog.tsx';
import { FavouriteToggle, FileGrid, SharedAvatars, type ItemDnd } from '../components/file-grid.tsx';
import { FileItemMenu, type ItemAction } from '../components/file-item-menu.tsx';
import { FileKindIcon } from '../components/file-kind-icon.tsx';
import { StorageUsage } from '../components/storage-usage.tsx';
import { UploadPanel } from '../components/upload-panel.tsx';
import { draggedItems, draggingFiles, draggingItems, setDraggedItems } from '../utils/file-drag.ts';
import { useFilesLayout } from '../utils/files-layout.ts';

/** Dialogs and drawers load when first opened. */
const NameDialog = lazy(() =>
  import('../components/name-dialog.tsx').then((m) => ({ default: m.NameDialog })),
);
const FolderPickerDialog = lazy(() =>
  import('../components/folder-picker-dialog.tsx').then((m) => ({ default: m.FolderPickerDialog })),
);
const FileDetailsDrawer = lazy(() =>
  import('../components/details/file-details-drawer.tsx').then((m) => ({ default: m.FileDetailsDrawer })),
);
const ShareDialog = lazy(() =>
  import('../components/share/share-dialog.tsx').then((m) => ({ default: m.ShareDialog })),
);

/** The list's state and setters (the grid's pagination uses them as the table does). */
type FilesListControls = ListStateControls<
  FilesSortKey,
  'view' | 'folder' | 'type' | 'startDate' | 'endDate'
>;

type Naming = { mode: 'new' } | { mode: 'rename'; item: FileItem };
type Picking = { mode: 'move' | 'copy'; items: FileItem[] };
type Confirming = { kind: 'trash' | 'forever'; items: FileItem[] } | { kind: 'empty'; items: [] };

const MAX_UPLOAD_BYTES = FILE_LIMITS.drive.maxBytes;

/** Queues dropped or chosen files for a folder; one larger than the limit is listed refused at once. */
function queueUploads(queue: UploadQueue, chosen: File[], folderId: string | null, tooBig: string) {
  if (chosen.length === 0) return;
  queue.add(
    chosen.map((file) => ({ file, error: file.size > MAX_UPLOAD_BYTES ? tooBig : undefined })),
    folderId,
  );
}

export type FilesManagerViewProps = {
  /** The tab's upload queue (tests give their own). */
  queue?: UploadQueue;
};

/**
 * `/dashboard/files-manager` (issue 27 A): My files, Shared with me, Favourites, Recent and Trash; folders
 * with their path; a grid with thumbnails or a table (remembered); search, kinds and dates in the address,
 * sorted and paged on the server; new folder, rename, move, copy (a folder picker, or drag and drop onto a
 * folder), trash, restore and delete forever; uploads of several files by button or drop, each with its
 * progress, cancel, retry and the name-clash question; bulk actions on a selection; storage by kind; and
 * the changes others make to a shared folder, live.
 */
export function FilesManagerView({ queue = uploadQueue }: FilesManagerViewProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const list = useListState(filesList.config, { history: 'push' });
  const params = filesList.paramsOf(list);
  const { view, folder: folderId, types } = params;
  const inTrash = view === 'trash';
  // Signed thumbnails are asked again before they expire (lib/query-client.ts's defaults).
  const query = useFilesList(params);
  const data = query.data;
  const rows = data?.items ?? [];
  const folder = data?.folder ?? null;
  const actions = useFileActions();
  const uploads = useUploads(queue);
  const [layout, setLayout] = useFilesLayout();
  const linksPageExists = usePageExists()(paths.dashboard.filesLinks);
  useFilesLive();

  // The selection belongs to one folder of one view: another folder starts empty.
  const scope = `${view}/${folderId ?? ''}`;
  const [selection, setSelection] = useState<{ scope: string; ids: ReadonlySet<string> }>({
    scope,
    ids: new Set(),
  });
  const selected = selection.scope === scope ? selection.ids : new Set<string>();
  const setSelected = (ids: ReadonlySet<string>) => setSelection({ scope, ids });
  const chosen = rows.filter((item) => selected.has(item.id));

  const [naming, setNaming] = useState<Naming | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [picking, setPicking] = useState<Picking | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [details, setDetails] = useState<FileItem | null>(null);
  const [sharing, setSharing] = useState<FileItem[] | null>(null);
  const [dropOver, setDropOver] = useState<string | null>(null);
  const [pageDrop, setPageDrop] = useState(false);

  const failed = (error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
  const done = (message: string) => enqueueSnackbar(message, { variant: 'success' });

  // Where new folders and uploads go: my root or a folder, or a shared folder I may edit.
  const canAddHere = !inTrash && (folder ? folder.access !== 'view' : view === 'mine');
  const tooBig = t('files.upload.tooBig', { max: fData(MAX_UPLOAD_BYTES) });
  const upload = (chosenFiles: File[], target: string | null = folderId) =>
    queueUploads(queue, chosenFiles, target, tooBig);

  const clashes = uploads.filter((entry) => entry.status === 'clash');
  const clash = clashes[0];

  const openFolder = (id: string | null) => list.setFilters({ folder: id ?? undefined, search: '' });
  const open = (item: FileItem) => {
    if (item.type === 'folder' && !inTrash) openFolder(item.id);
    else setDetails(item);
  };

  const moveInto = (ids: string[], target: string | null) => {
    const moving = ids.filter((id) => id !== target);
    if (moving.length === 0) return;
    actions.move.mutate(
      { ids: moving, parentId: target },
      {
        onSuccess: () => {
          done(t('files.done.moved', { count: moving.length }));
          setSelected(new Set([...selected].filter((id) => !moving.includes(id))));
        },
        onError: failed,
      },
    );
  };

  const onAction = (action: ItemAction, item: FileItem) => {
    switch (action) {
      case 'details':
        return setDetails(item);
      case 'download':
        return void downloadItems([item]).catch(failed);
      case 'share':
        return setSharing([item]);
      case 'rename':
        setNameError(null);
        return setNaming({ mode: 'rename', item });
      case 'move':
      case 'copy':
        return setPicking({ mode: action, items: [item] });
      case 'favourite':
        return actions.setFavourite.mutate({ id: item.id, favourite: !item.favourite }, { onError: failed });
      case 'trash':
        return setConfirming({ kind: 'trash', items: [item] });
      case 'restore':
        return actions.restore.mutate([item.id], {
          onSuccess: () => done(t('files.done.restored', { count: 1 })),
          onError: failed,
        });
      case 'deleteForever':
        return setConfirming({ kind: 'forever', items: [item] });
    }
  };

  const submitName = (name: string) => {
    if (!naming) return;
    const onError = (error: unknown) => setNameError(errorMessage(error, t));
    if (naming.mode === 'new') {
      actions.createFolder.mutate(
        { parentId: folderId, name },
        {
          onSuccess: ({ item }) => {
            setNaming(null);
            done(t('files.done.created', { name: item.name }));
          },
          onError,
        },
      );
    } else {
      actions.rename.mutate(
        { id: naming.item.id, name, version: naming.item.version },
        {
          onSuccess: ({ item }) => {
            setNaming(null);
            done(t('files.done.renamed', { name: item.name }));
          },
          onError,
        },
      );
    }
  };

  const pick = (parentId: string | null) => {
    if (!picking) return;
    const ids = picking.items.map((item) => item.id);
    const mutation = picking.mode === 'move' ? actions.move : actions.copy;
    mutation.mutate(
      { ids, parentId },
      {
        onSuccess: () => {
          setPicking(null);
          done(t(picking.mode === 'move' ? 'files.done.moved' : 'files.done.copied', { count: ids.length }));
          if (picking.mode === 'move') setSelected(new Set());
        },
        onError: failed,
      },
    );
  };

  const confirm = () => {
    if (!confirming) return;
    const ids = confirming.items.map((item) => item.id);
    const finish = (message: string) => {
      setConfirming(null);
      setSelected(new Set([...selected].filter((id) => !ids.includes(id))));
      done(message);
    };
    if (confirming.kind === 'trash') {
      actions.trash.mutate(ids, {
        onSuccess: () => finish(t('files.done.trashed', { count: ids.length })),
        onError: failed,
      });
    } else if (confirming.kind === 'forever') {
      actions.deleteForever.mutate(ids, {
        onSuccess: () => finish(t('files.done.deleted', { count: ids.length })),
        onError: failed,
      });
    } else {
      actions.emptyTrash.mutate(undefined, {
        onSuccess: () => finish(t('files.done.emptied')),
        onError: failed,
      });
    }
  };

  // Drag and drop: items onto a folder (a move), files from the desktop onto a folder or the page (an upload).
  const folderDrop = (target: { id: string | null; access?: FileItem['access'] }) => ({
    onDragOver: (event: DragEvent) => {
      const items = draggingItems(event);
      if (!items && !draggingFiles(event)) return;
      if (target.access === 'view') return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = items ? 'move' : 'copy';
      setDropOver(target.id ?? 'root');
      setPageDrop(false);
    },
    onDragLeave: () => setDropOver((current) => (current === (target.id ?? 'root') ? null : current)),
    onDrop: (event: DragEvent) => {
      if (target.access === 'view') return;
      event.preventDefault();
      event.stopPropagation();
      setDropOver(null);
      setPageDrop(false);
      if (draggingItems(event)) moveInto(draggedItems(event), target.id);
      else upload([...event.dataTransfer.files], target.id);
    },
  });
  const dnd = (item: FileItem): ItemDnd => {
    const movable = !inTrash && item.access !== 'view';
    return {
      draggable: movable,
      onDragStart: movable
        ? (event) => setDraggedItems(event, selected.has(item.id) ? [...selected] : [item.id])
        : undefined,
      ...(item.type === 'folder' && !inTrash ? folderDrop(item) : {}),
      over: dropOver === item.id,
    };
  };
  const pageDropProps = canAddHere
    ? {
        onDragOver: (event: DragEvent) => {
          if (!draggingFiles(event) || draggingItems(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setPageDrop(true);
        },
        onDragLeave: (event: DragEvent) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPageDrop(false);
        },
        onDrop: (event: DragEvent) => {
          if (draggingItems(event)) return;
          event.preventDefault();
          setPageDrop(false);
          upload([...event.dataTransfer.files]);
        },
      }
    : {};

  // ── the folder path ──────────────────────────────────────────────────────────────────────────────────
  const crumbs = [
    { id: null as string | null, name: t(`files.views.${view}`) },
    ...(data?.breadcrumbs ?? []),
    ...(folder && data?.breadcrumbs.at(-1)?.id !== folder.id ? [{ id: folder.id, name: folder.name }] : []),
  ];
  const path =
    folderId === null ? (
      <Typography variant="subtitle1" component="p" aria-current="page">
        {crumbs[0]!.name}
      </Typography>
    ) : (
      <Breadcrumbs aria-label={t('files.folderPath')} maxItems={5} itemsAfterCollapse={2}>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Typography key={crumb.id ?? 'root'} variant="subtitle1" component="span" aria-current="page">
              {crumb.name}
            </Typography>
          ) : (
            <Link
              key={crumb.id ?? 'root'}
              component="button"
              variant="subtitle1"
              color="inherit"
              onClick={() => openFolder(crumb.id)}
              {...(inTrash || (crumb.id === null && view !== 'mine') ? {} : folderDrop({ id: crumb.id }))}
              sx={{
                borderRadius: 0.5,
                outline: dropOver === (crumb.id ?? 'root') ? '2px solid' : undefined,
                outlineColor: 'primary.main',
              }}
            >
              {crumb.name}
            </Link>
          ),
        )}
      </Breadcrumbs>
    );

  // ── the table ────────────────────────────────────────────────────────────────────────────────────────
  const columns: DataTableColumn<FileItem, FilesSortKey>[] = [
    {
      field: 'name',
      header: t('files.columns.name'),
      sortable: true,
      minWidth: 260,
      render: (item) => {
        const drag = dnd(item);
        return (
          <Stack
            direction="row"
            spacing={1.5}
            draggable={drag.draggable}
            onDragStart={drag.onDragStart}
            onDragOver={drag.onDragOver}
            onDragLeave={drag.onDragLeave}
            onDrop={drag.onDrop}
            data-item={item.name}
            sx={{
              alignItems: 'center',
              minWidth: 0,
              borderRadius: 1,
              outline: drag.over ? '2px solid' : undefined,
              outlineColor: 'primary.main',
            }}
          >
            {item.thumbnailUrl ? (
              <Box
                component="img"
                src={item.thumbnailUrl}
                alt=""
                loading="lazy"
                draggable={false}
                sx={{ width: 36, height: 36, borderRadius: 1, objectFit: 'cover', flexShrink: 0 }}
              />
            ) : (
              <FileKindIcon kind={item.kind} sx={{ fontSize: 32, flexShrink: 0 }} />
            )}
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Link
                component="button"
                variant="subtitle2"
                color="inherit"
                underline="hover"
                onClick={() => open(item)}
                sx={{
                  display: 'block',
                  maxWidth: 1,
                  textAlign: 'start',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
                title={item.name}
              >
                {item.name}
              </Link>
              {inTrash && item.originalPath && (
                <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap component="p">
                  {item.originalPath}
                </Typography>
              )}
            </Box>
            {!inTrash && <FavouriteToggle item={item} onAction={onAction} />}
          </Stack>
        );
      },
    },
    {
      field: 'size',
      header: t('files.columns.size'),
      sortable: true,
      width: 110,
      render: (item) => (item.type === 'folder' ? '—' : fData(item.size)),
    },
    {
      field: 'type',
      header: t('files.columns.type'),
      sortable: true,
      width: 130,
      render: (item) => t(`files.kinds.${item.kind}`),
    },
    {
      field: 'updatedAt',
      header: inTrash ? t('files.columns.deleted') : t('files.columns.modified'),
      sortable: !inTrash,
      width: 130,
      render: (item) => fDate(item.deletedAt ?? item.updatedAt),
    },
    ...(view === 'shared'
      ? [
          {
            field: 'owner',
            header: t('files.columns.owner'),
            width: 160,
            render: (item: FileItem) => item.owner.name,
          },
        ]
      : [
          {
            field: 'sharedWith',
            header: t('files.columns.sharedWith'),
            width: 150,
            render: (item: FileItem) => <SharedAvatars item={item} />,
          },
        ]),
    {
      field: 'actions',
      header: '',
      width: 56,
      align: 'right',
      render: (item) => <FileItemMenu item={item} inTrash={inTrash} onAction={onAction} />,
    },
  ];

  // ── the toolbar ──────────────────────────────────────────────────────────────────────────────────────
  // The server's own order is by name, A to Z (folders always first).
  const sortValue = list.sort ? `${list.sort.field}:${list.sort.order}` : 'name:asc';
  const filtered = Boolean(list.search || types.length || params.startDate || params.endDate);
  const toolbar = (
    <Stack
      direction="row"
      useFlexGap
      spacing={1.5}
      sx={{ flexWrap: 'wrap', alignItems: 'center', p: 2.5, pt: 2 }}
    >
      <ListSearchField
        value={list.searchInput}
        onChange={list.setSearchInput}
        label={t('files.toolbar.search')}
        placeholder={t('files.toolbar.searchPlaceholder')}
        sx={{ flex: '1 1 220px', minWidth: 0 }}
      />
      <TextField
        select
        size="small"
        label={t('files.toolbar.type')}
        value={types}
        onChange={(event) => {
          const value = event.target.value as unknown as FileKind[];
          list.setFilter('type', value.length ? value.join(',') : undefined);
        }}
        sx={{ flex: '0 1 180px', minWidth: 140 }}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (value) => {
              const kinds = value as FileKind[];
              return kinds.length
                ? kinds.map((kind) => t(`files.kinds.${kind}`)).join(', ')
                : t('files.toolbar.anyType');
            },
          },
          inputLabel: { shrink: true },
        }}
      >
        {fileKinds.map((kind) => (
          <MenuItem key={kind} value={kind}>
            <FileKindIcon kind={kind} fontSize="small" sx={{ marginInlineEnd: 1 }} />
            {t(`files.kinds.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      <ListDateRange
        start={list.filters.startDate}
        end={list.filters.endDate}
        startLabel={t('files.toolbar.from')}
        endLabel={t('files.toolbar.to')}
        onChange={list.setFilter}
      />
      <TextField
        select
        size="small"
        label={t('files.toolbar.sort')}
        value={sortValue}
        onChange={(event) => {
          const [field, order] = event.target.value.split(':') as [FilesSortKey, 'asc' | 'desc'];
          list.setSort(event.target.value === 'name:asc' ? null : { field, order });
        }}
        sx={{ flex: '0 1 200px', minWidth: 160 }}
      >
        {fileSortKeys.flatMap((key) =>
          (['asc', 'desc'] as const).map((order) => (
            <MenuItem key={`${key}:${order}`} value={`${key}:${order}`}>
              {`${t(`files.columns.${key === 'updatedAt' ? 'modified' : key}`)} · ${t(
                order === 'asc' ? 'files.toolbar.ascending' : 'files.toolbar.descending',
              )}`}
            </MenuItem>
          )),
        )}
      </TextField>
      {filtered && (
        <Button
          color="inherit"
          size="small"
          onClick={() =>
            list.setFilters({ type: undefined, startDate: undefined, endDate: undefined, search: '' })
          }
        >
          {t('files.toolbar.clearFilters')}
        </Button>
      )}
      <ToggleButtonGroup
        size="small"
        exclusive
        value={layout}
        onChange={(_event, next: 'grid' | 'table' | null) => next && setLayout(next)}
        aria-label={t('files.toolbar.layout')}
        sx={{ marginInlineStart: 'auto' }}
      >
        <ToggleButton value="grid" aria-label={t('files.toolbar.grid')}>
          <GridViewOutlined fontSize="small" />
        </ToggleButton>
        <ToggleButton value="table" aria-label={t('files.toolbar.table')}>
          <TableRowsOutlined fontSize="small" />
        </ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );

  // ── the selection's actions ──────────────────────────────────────────────────────────────────────────
  const allEditable = chosen.every((item) => item.access !== 'view');
  const allOwned = chosen.every((item) => item.access === 'owner');
  const bulkButton = (
    label: string,
    icon: ReactNode,
    onClick: () => void,
    color: 'inherit' | 'error' = 'inherit',
  ) => (
    <Button
      size="small"
      variant={color === 'error' ? 'contained' : 'outlined'}
      color={color}
      startIcon={icon}
      onClick={onClick}
    >
      {label}
    </Button>
  );
  const selectionBar = chosen.length > 0 && (
    <SelectionBar
      label={t('files.selection.label')}
      count={t('files.selection.count', { count: chosen.length })}
    >
      {inTrash ? (
        <>
          {bulkButton(t('files.actions.restore'), <RestoreFromTrashOutlined />, () =>
            actions.restore.mutate(
              chosen.map((item) => item.id),
              {
                onSuccess: () => {
                  done(t('files.done.restored', { count: chosen.length }));
                  setSelected(new Set());
                },
                onError: failed,
              },
            ),
          )}
          {bulkButton(
            t('files.actions.deleteForever'),
            <DeleteForeverOutlined />,
            () => setConfirming({ kind: 'forever', items: chosen }),
            'error',
          )}
        </>
      ) : (
        <>
          {allEditable &&
            bulkButton(t('files.actions.move'), <DriveFileMoveOutlined />, () =>
              setPicking({ mode: 'move', items: chosen }),
            )}
          {bulkButton(t('files.actions.copy'), <ContentCopy />, () =>
            setPicking({ mode: 'copy', items: chosen }),
          )}
          {allOwned && bulkButton(t('files.actions.share'), <ShareOutlined />, () => setSharing(chosen))}
          {bulkButton(
            t('files.selection.downloadZip'),
            <FileDownloadOutlined />,
            () => void downloadItems(chosen).catch(failed),
          )}
          {allEditable &&
            bulkButton(
              t('files.actions.delete'),
              <DeleteOutlined />,
              () => setConfirming({ kind: 'trash', items: chosen }),
              'error',
            )}
        </>
      )}
    </SelectionBar>
  );

  const emptyText = filtered
    ? t('files.empty.search')
    : folderId
      ? t('files.empty.mine')
      : t(`files.empty.${view}`);
  const emptyHint =
    filtered || !canAddHere
      ? undefined
      : view === 'favourites'
        ? t('files.empty.favouritesHint')
        : t('files.empty.mineHint');

  const confirmTitle = !confirming
    ? ''
    : confirming.kind === 'empty'
      ? t('files.confirm.emptyTrash')
      : t(confirming.kind === 'trash' ? 'files.confirm.trash' : 'files.confirm.forever', {
          count: confirming.items.length,
          name: confirming.items[0]?.name ?? '',
        });

  const notFound = query.error && 'status' in query.error && query.error.status === 404;

  return (
    <>
      <PageHeading
        title={t('files.title')}
        action={
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
            {linksPageExists && (
              <Button
                color="inherit"
                component={RouterLink}
                to={paths.dashboard.filesLinks}
                startIcon={<LinkOutlined />}
              >
                {t('files.actions.sharedLinks')}
              </Button>
            )}
            {inTrash ? (
              <Button
                color="error"
                variant="outlined"
                startIcon={<DeleteForeverOutlined />}
                disabled={rows.length === 0}
                onClick={() => setConfirming({ kind: 'empty', items: [] })}
              >
                {t('files.actions.emptyTrash')}
              </Button>
            ) : (
              <>
                <Button
                  color="inherit"
                  variant="outlined"
                  startIcon={<CreateNewFolderOutlined />}
                  disabled={!canAddHere}
                  onClick={() => {
                    setNameError(null);
                    setNaming({ mode: 'new' });
                  }}
                >
                  {t('files.actions.newFolder')}
                </Button>
                <FileButton
                  variant="contained"
                  startIcon={<CloudUploadOutlined />}
                  accept={ATTACHMENT_ACCEPT}
                  multiple
                  disabled={!canAddHere}
                  onFile={(file) => upload([file])}
                >
                  {t('files.actions.upload')}
                </FileButton>
              </>
            )}
          </Stack>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 300px' },
          alignItems: 'start',
        }}
      >
        <Card
          component="section"
          aria-label={t('files.grid.label')}
          {...pageDropProps}
          sx={{ position: 'relative', minWidth: 0 }}
        >
          <TabStrip
            label={t('files.views.label')}
            value={view}
            items={fileViewsInOrder.map((value) => ({ value, label: t(`files.views.${value}`) }))}
            onChange={(next: FileView) =>
              list.setFilters({ view: next === 'mine' ? undefined : next, folder: undefined, search: '' })
            }
            sx={{ px: 2.5, borderBottom: 1, borderColor: 'divider' }}
          />
          {toolbar}
          <Box sx={{ px: 2.5, pb: 2 }}>{path}</Box>
          {selectionBar}
          {notFound ? (
            <Alert severity="warning" sx={{ mx: 2.5, mb: 2.5 }}>
              {t('files.folderGone')}
            </Alert>
          ) : layout === 'table' ? (
            <DataTable
              label={t('files.grid.label')}
              columns={columns}
              rows={rows}
              getRowId={(item) => item.id}
              rowCount={data?.total ?? 0}
              hasNextPage={data?.hasNextPage ?? false}
              {...listTableProps(list, filesList.config, query, query.error && errorMessage(query.error, t))}
              emptyText={emptyText}
              sort={list.sort}
              onSortChange={list.setSort}
              selection={{
                selected,
                onChange: setSelected,
                rowLabel: (item) => item.name,
              }}
              rowHeight={60}
            />
          ) : (
            <GridLayout
              rows={rows}
              list={list}
              query={query}
              emptyText={emptyText}
              emptyHint={emptyHint}
              grid={
                <FileGrid
                  label={t('files.grid.label')}
                  items={rows}
                  inTrash={inTrash}
                  selected={selected}
                  onToggle={(id, checked) => {
                    const next = new Set(selected);
                    if (checked) next.add(id);
                    else next.delete(id);
                    setSelected(next);
                  }}
                  onOpen={open}
                  onAction={onAction}
                  dnd={dnd}
                  dimmed={query.isFetching && rows.length > 0}
                />
              }
            />
          )}
          {pageDrop && (
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                inset: 0,
                zIndex: 2,
                display: 'grid',
                placeItems: 'center',
                border: 2,
                borderStyle: 'dashed',
                borderColor: 'primary.main',
                borderRadius: 'inherit',
                bgcolor: 'background.paper',
                opacity: 0.92,
                pointerEvents: 'none',
              }}
            >
              <Stack spacing={1} sx={{ alignItems: 'center' }}>
                <CloudUploadOutlined sx={{ fontSize: 48, color: 'primary.main' }} />
                <Typography variant="h6" component="p">
                  {t('files.drop.here')}
                </Typography>
              </Stack>
            </Box>
          )}
        </Card>
        <StorageUsage />
      </Box>

      <UploadPanel entries={uploads} queue={queue} />
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
      <Suspense fallback={null}>
        {naming && (
          <NameDialog
            title={
              naming.mode === 'new'
                ? t('files.nameDialog.newFolder')
                : t('files.nameDialog.rename', { name: naming.item.name })
            }
            initial={naming.mode === 'rename' ? naming.item.name : ''}
            action={naming.mode === 'new' ? t('files.nameDialog.create') : t('files.nameDialog.save')}
            loading={actions.createFolder.isPending || actions.rename.isPending}
            error={nameError}
            onSubmit={submitName}
            onClose={() => setNaming(null)}
          />
        )}
        {picking && (
          <FolderPickerDialog
            mode={picking.mode}
            names={picking.items.map((item) => item.name)}
            exclude={
              picking.mode === 'move' ? picking.items.filter((i) => i.type === 'folder').map((i) => i.id) : []
            }
            loading={actions.move.isPending || actions.copy.isPending}
            onPick={pick}
            onClose={() => setPicking(null)}
          />
        )}
        {details && (
          <FileDetailsDrawer
            item={details}
            open
            onClose={() => setDetails(null)}
            onShare={(item) => setSharing([item as FileItem])}
          />
        )}
        {sharing && <ShareDialog items={sharing} open onClose={() => setSharing(null)} />}
      </Suspense>
      <ConfirmDialog
        open={confirming !== null}
        title={confirmTitle}
        content={
          confirming?.kind === 'trash'
            ? t('files.confirm.trashText')
            : confirming?.kind === 'forever'
              ? t('files.confirm.foreverText')
              : t('files.confirm.emptyTrashText')
        }
        action={
          confirming?.kind === 'trash'
            ? t('files.actions.delete')
            : confirming?.kind === 'forever'
              ? t('files.actions.deleteForever')
              : t('files.actions.emptyTrash')
        }
        loading={actions.trash.isPending || actions.deleteForever.isPending || actions.emptyTrash.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </>
  );
}

/** The grid's loading bar, error, empty state and pagination around the cards. */
function GridLayout({
  rows,
  list,
  query,
  emptyText,
  emptyHint,
  grid,
}: {
  rows: readonly FileItem[];
  list: FilesListControls;
  query: {
    isPending: boolean;
    isFetching: boolean;
    error: Error | null;
    refetch: () => unknown;
    data?: { total: number; hasNextPage: boolean } | undefined;
  };
  emptyText: string;
  emptyHint: string | undefined;
  grid: ReactNode;
}) {
  const { t } = useTranslation();
  const table = listTableProps(list, filesList.config, query, query.error && errorMessage(query.error, t));
  return (
    <Box sx={{ position: 'relative' }} aria-busy={query.isFetching}>
      {query.isFetching && (
        <LinearProgress sx={{ position: 'absolute', top: -8, insetInline: 0, height: 2 }} aria-hidden />
      )}
      {table.error && (
        <Alert
          severity="error"
          sx={{ mx: 2.5, mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={table.onRetry}>
              {t('common.retry')}
            </Button>
          }
        >
          {table.error}
        </Alert>
      )}
      {!query.isPending && !table.error && rows.length === 0 ? (
        <Box sx={{ py: 8, px: 2.5, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            {emptyText}
          </Typography>
          {emptyHint && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {emptyHint}
            </Typography>
          )}
        </Box>
      ) : (
        <Box sx={{ px: 2.5, pb: 1 }}>{grid}</Box>
      )}
      <GridPagination
        list={list}
        total={query.data?.total ?? 0}
        hasNextPage={query.data?.hasNextPage ?? false}
      />
    </Box>
  );
}

function GridPagination({
  list,
  total,
  hasNextPage,
}: {
  list: FilesListControls;
  total: number;
  hasNextPage: boolean;
}) {
  return (
    <DataTablePagination
      count={total}
      page={list.page}
      pageSize={list.pageSize}
      pageSizeOptions={filesList.config.pageSizes}
      hasNextPage={hasNextPage}
      onPageChange={list.setPage}
      onPageSizeChange={list.setPageSize}
    />
  );
}
