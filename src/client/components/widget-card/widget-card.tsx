import InfoOutlined from '@mui/icons-material/InfoOutlined';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { prefetchRoute } from '../../lib/route-prefetch.ts';
import { enqueueSnackbar } from '../snackbar/use-snackbar.ts';
import { downloadWidgetPng, exportWidgetCsv, type WidgetData, type WidgetImage } from './widget-export.ts';

/** A link a widget leads to (the list its figure summarises, already filtered). */
export type WidgetLink = { to: string; label?: string };

export type WidgetCardProps<Row = unknown> = {
  /** A stable name: `data-widget` on the card (browser tests, the layout per person) and the files' name. */
  id: string;
  title: string;
  subheader?: ReactNode;
  /** "How this is computed": the figure's definition, shown in a tooltip by the title. */
  info?: string;
  /** A slot at the header's end, before the menu (a period select). */
  action?: ReactNode;
  /** The first data is on its way: the skeleton shows. */
  loading?: boolean;
  /** The request failed: `true` for the usual message, or a message. With `onRetry`, a Retry button. */
  error?: boolean | string;
  onRetry?: () => void;
  /** Nothing to show for the range: a message instead of zeros that look like data. */
  empty?: boolean;
  emptyText?: string;
  /** What loads: defaults to a block the card's usual height. */
  skeleton?: ReactNode;
  /** The widget's data, for *Export CSV* (rows and columns given by the widget). */
  data?: WidgetData<Row>;
  /** For charts, *Download PNG*: the chart's SVG element or an image blob (null: nothing to save). */
  image?: () => WidgetImage | null | Promise<WidgetImage | null>;
  /** *Open list*: the list the widget summarises (its code is prefetched on hover and focus). */
  list?: WidgetLink;
  /** The exported files' name without extension (default `id`): add the range to tell files apart. */
  fileName?: string;
  /** Under the content, in every state but loading (a "View all" link). */
  footer?: ReactNode;
  /** The content reaches the card's sides once loaded (a table, a carousel's pictures). */
  flush?: boolean;
  children?: ReactNode;
  sx?: SxProps<Theme>;
};

/** A route's path without its query and hash: what `prefetchRoute` matches. */
export const pathOf = (to: string) => to.split(/[?#]/)[0] ?? to;

export const prefetchHandlers = (to: string) => {
  const prefetch = () => prefetchRoute(pathOf(to));
  return { onPointerEnter: prefetch, onFocus: prefetch };
};

/**
 * The frame of every overview widget (issue 26 A, ADR 041): a titled card with a "how this is computed"
 * tooltip, a skeleton while the first data loads, an error with Retry, an empty state, and a menu to export
 * the widget's data as CSV, save its chart as PNG and open the list it summarises. The variants
 * (summary, chart, table, carousel, progress list, radial) fill its content.
 */
export function WidgetCard<Row = unknown>({
  id,
  title,
  subheader,
  info,
  action,
  loading = false,
  error = false,
  onRetry,
  empty = false,
  emptyText,
  skeleton,
  data,
  image,
  list,
  fileName = id,
  footer,
  flush = false,
  children,
  sx,
}: WidgetCardProps<Row>) {
  const { t } = useTranslation();
  const titleId = useId();
  const ready = !loading && !error;

  let content: ReactNode;
  if (loading) {
    content = skeleton ?? <Skeleton variant="rounded" height={120} />;
  } else if (error) {
    content = (
      <Box sx={{ py: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          {typeof error === 'string' ? error : t('overview.widget.error')}
        </Typography>
        {onRetry && (
          <Button size="small" variant="outlined" color="inherit" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Box>
    );
  } else if (empty) {
    content = (
      <Typography variant="body2" sx={{ py: 3, color: 'text.secondary', textAlign: 'center' }}>
        {emptyText ?? t('overview.widget.empty')}
      </Typography>
    );
  } else {
    content = children;
  }

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      aria-busy={loading}
      data-widget={id}
      sx={[{ display: 'flex', flexDirection: 'column' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <CardHeader
        title={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <span id={titleId}>{title}</span>
            {info && (
              <Tooltip title={info} describeChild enterTouchDelay={0} leaveTouchDelay={6000}>
                <IconButton size="small" aria-label={t('overview.widget.info', { title })}>
                  <InfoOutlined fontSize="inherit" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        }
        subheader={subheader}
        action={
          (action || data || image || list) && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {action}
              <WidgetMenu
                title={title}
                ready={ready && !empty}
                data={data}
                image={image}
                list={list}
                fileName={fileName}
              />
            </Box>
          )
        }
        slotProps={{ title: { variant: 'h6', component: 'h2' }, action: { sx: { alignSelf: 'center' } } }}
        sx={{ pb: 0 }}
      />
      <Box sx={{ p: 3, pt: 2, flexGrow: 1, ...(flush && ready && !empty && { px: 0, pb: 0 }) }}>
        {content}
      </Box>
      {!loading && footer}
    </Card>
  );
}

type WidgetMenuProps<Row> = Pick<WidgetCardProps<Row>, 'data' | 'image' | 'list'> & {
  title: string;
  ready: boolean;
  fileName: string;
};

function WidgetMenu<Row>({ title, ready, data, image, list, fileName }: WidgetMenuProps<Row>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!data && !image && !list) return null;
  const close = () => setAnchor(null);

  const savePng = async () => {
    close();
    try {
      const picture = await image?.();
      if (picture) await downloadWidgetPng(fileName, picture, theme.palette.background.paper);
    } catch {
      enqueueSnackbar(t('overview.widget.imageFailed'), { variant: 'error' });
    }
  };

  return (
    <>
      <IconButton
        aria-label={t('overview.widget.menu', { title })}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertRounded />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        {data && (
          <MenuItem
            disabled={!ready || data.rows.length === 0}
            onClick={() => {
              close();
              exportWidgetCsv(fileName, data);
            }}
          >
            {t('overview.widget.exportCsv')}
          </MenuItem>
        )}
        {image && (
          <MenuItem disabled={!ready} onClick={() => void savePng()}>
            {t('overview.widget.downloadPng')}
          </MenuItem>
        )}
        {list && (
          <MenuItem component={RouterLink} to={list.to} onClick={close} {...prefetchHandlers(list.to)}>
            {list.label ?? t('overview.widget.openList')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
