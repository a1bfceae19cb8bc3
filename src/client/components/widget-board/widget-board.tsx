import DashboardCustomizeOutlined from '@mui/icons-material/DashboardCustomizeOutlined';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { Dashboard, LayoutWidget } from '#shared/contract/overview-layouts.ts';

import { useDashboardLayout } from '../../lib/dashboard-layout.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { snackbarAction } from '../snackbar/snackbar-action.tsx';
import { useSnackbar } from '../snackbar/use-snackbar.ts';
import { HiddenWidgets } from './hidden-widgets.tsx';
import { dropOn, moveAmong, withHidden } from './layout-moves.ts';
import {
  controlSelector,
  slotSize,
  type BoardSlotProps,
  type BoardWidget,
  type SortableBoardProps,
} from './slot.ts';

export type { BoardWidget };

export type WidgetBoardProps = {
  dashboard: Dashboard;
  /** The widgets the viewer may see, in any order: the layout orders them; ids not given are skipped. */
  widgets: readonly BoardWidget[];
  /** Controls at the start of the board's toolbar (the date range select). */
  actions?: ReactNode;
};

type SortableModule = { SortableBoard: ComponentType<SortableBoardProps> };

/** The edit mode's grid (dnd-kit) is loaded when the person starts customizing, not with the dashboard. */
const loadSortableBoard = (): Promise<SortableModule> => import('./sortable-board.tsx');

/**
 * An overview dashboard's widgets in the viewer's layout (issue 26 A, ADR 042): their order and which are
 * hidden, saved on the server per person and dashboard. *Customize* lets the person drag widgets by a
 * handle (mouse, touch or keyboard), move them one place with buttons, hide them and show them again from
 * the hidden list, and reset the layout; every change is saved at once. Hidden widgets are not rendered
 * outside edit mode, so their data is not asked for. On a phone the widgets stack in one column.
 */
export function WidgetBoard({ dashboard, widgets, actions }: WidgetBoardProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { layout: savedLayout, loading, saved, save, reset } = useDashboardLayout(dashboard);
  const [sortable, setSortable] = useState<SortableModule | null>(null);
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState('');
  const boardRef = useRef<HTMLDivElement>(null);
  // Where focus goes once the change shows (the control pressed may have moved, or gone with its widget).
  const focusNext = useRef<string[] | null>(null);

  /**
   * The change just made shows in this very render, before the cache catches up (a dropped widget would
   * otherwise jump back for a frame); the hook's next layout (the saved one, or the last one back after a
   * refusal) replaces it.
   */
  const [local, setLocal] = useState<{ basis: LayoutWidget[]; layout: LayoutWidget[] } | null>(null);
  if (local && local.basis !== savedLayout) setLocal(null);
  const layout = local && local.basis === savedLayout ? local.layout : savedLayout;

  const byId = useMemo(() => new Map(widgets.map((widget) => [widget.id, widget])), [widgets]);
  const mine = layout.flatMap((entry) => {
    const widget = byId.get(entry.id);
    return widget ? [{ widget, hidden: entry.hidden }] : [];
  });
  const visible = mine.filter((entry) => !entry.hidden).map((entry) => entry.widget);
  const hidden = mine.filter((entry) => entry.hidden).map((entry) => entry.widget);
  const visibleIds = visible.map((widget) => widget.id);
  const labelOf = (id: string) => byId.get(id)?.label ?? id;

  useEffect(() => {
    const selectors = focusNext.current;
    const board = boardRef.current;
    if (!selectors || !board) return;
    focusNext.current = null;
    const control = selectors
      .map((selector) => board.querySelector<HTMLElement>(selector))
      .find((element) => element && !element.matches(':disabled'));
    control?.focus();
  });

  const change = (next: LayoutWidget[], announcement: string, focus: string[]) => {
    setLocal({ basis: savedLayout, layout: next });
    save(next);
    setStatus(announcement);
    focusNext.current = focus;
  };

  const move = (id: string, step: -1 | 1) => {
    const next = moveAmong(layout, visibleIds, id, step);
    if (!next) return;
    const position = visibleIds.indexOf(id) + step + 1;
    const pressed = step < 0 ? 'earlier' : 'later';
    change(next, t('overview.layout.moved', { title: labelOf(id), position, total: visibleIds.length }), [
      controlSelector(id, pressed),
      controlSelector(id, pressed === 'earlier' ? 'later' : 'earlier'),
    ]);
  };

  // The drag's own announcements (dnd-kit's live region) tell where it was dropped.
  const drop = (id: string, over: string) => {
    const next = dropOn(layout, visibleIds, id, over);
    if (next) change(next, '', [controlSelector(id, 'drag')]);
  };

  const hide = (id: string) => {
    const index = visibleIds.indexOf(id);
    const neighbour = visibleIds[index + 1] ?? visibleIds[index - 1];
    change(withHidden(layout, id, true), t('overview.layout.hidden', { title: labelOf(id) }), [
      ...(neighbour ? [controlSelector(neighbour, 'hide')] : []),
      controlSelector(id, 'show'),
    ]);
  };

  const show = (id: string) =>
    change(withHidden(layout, id, false), t('overview.layout.shown', { title: labelOf(id) }), [
      controlSelector(id, 'drag'),
    ]);

  const resetLayout = () => {
    const before = layout;
    setLocal(null);
    reset();
    focusNext.current = ['[data-layout-control="done"]'];
    enqueueSnackbar(t('overview.layout.resetDone'), {
      variant: 'info',
      preventDuplicate: false,
      action: snackbarAction(t('overview.layout.undo'), () => save(before)),
    });
  };

  const startEditing = () => {
    loadSortableBoard().then(
      (module) => {
        setSortable(() => module);
        setEditing(true);
        focusNext.current = ['[data-layout-control="done"]'];
      },
      // The edit mode's code did not come (offline, or a new version replaced the files).
      () => enqueueSnackbar(t('common.somethingWentWrong'), { variant: 'error' }),
    );
  };

  const stopEditing = () => {
    setEditing(false);
    setStatus('');
    focusNext.current = ['[data-layout-control="customize"]'];
  };

  const slots: BoardSlotProps[] = visible.map((widget, index) => ({
    widget,
    first: index === 0,
    last: index === visible.length - 1,
  }));

  const EditableGrid = editing ? sortable?.SortableBoard : undefined;

  return (
    <Box ref={boardRef} data-dashboard={dashboard}>
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 3 }}
        aria-label={t('overview.layout.toolbar')}
        role="group"
      >
        {actions}
        <Box sx={{ flexGrow: 1 }} />
        {editing ? (
          <>
            <Button color="inherit" startIcon={<RestartAltRounded />} disabled={!saved} onClick={resetLayout}>
              {t('overview.layout.reset')}
            </Button>
            <Button variant="contained" onClick={stopEditing} data-layout-control="done">
              {t('overview.layout.done')}
            </Button>
          </>
        ) : (
          <Button
            color="inherit"
            variant="outlined"
            startIcon={<DashboardCustomizeOutlined />}
            disabled={loading}
            onClick={startEditing}
            onPointerEnter={() => void loadSortableBoard()}
            onFocus={() => void loadSortableBoard()}
            data-layout-control="customize"
          >
            {t('overview.layout.customize')}
          </Button>
        )}
      </Stack>

      {EditableGrid && (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('overview.layout.hint')}
          </Typography>
          <HiddenWidgets widgets={hidden} onShow={show} />
        </>
      )}

      {loading ? (
        // The saved layout decides what is shown: nothing mounts (and asks for its data) before it is known.
        <Grid container spacing={3} aria-busy="true">
          {visible.map((widget) => (
            <Grid key={widget.id} size={slotSize(widget)}>
              <Skeleton variant="rounded" height={240} />
            </Grid>
          ))}
        </Grid>
      ) : EditableGrid ? (
        <EditableGrid slots={slots} onMove={move} onDrop={drop} onHide={hide} />
      ) : visible.length === 0 && hidden.length > 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 6, textAlign: 'center' }}>
          {t('overview.layout.allHidden')}
        </Typography>
      ) : (
        <Grid container spacing={3}>
          {slots.map(({ widget }) => (
            <Grid key={widget.id} size={slotSize(widget)} data-widget-slot={widget.id}>
              {widget.element}
            </Grid>
          ))}
        </Grid>
      )}

      <Box role="status" sx={visuallyHidden} data-layout-status>
        {status}
      </Box>
    </Box>
  );
}
