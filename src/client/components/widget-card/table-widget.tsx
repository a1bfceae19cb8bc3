import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { prefetchHandlers, WidgetCard, type WidgetCardProps, type WidgetLink } from './widget-card.tsx';

export type TableWidgetProps<Row = unknown> = Omit<WidgetCardProps<Row>, 'skeleton' | 'footer'> & {
  /** "View all" under the table: the whole list (also the menu's *Open list* unless `list` is given). */
  viewAll?: WidgetLink;
  /** Rows the skeleton shows while loading (default 5). */
  skeletonRows?: number;
  /** The table (a few rows, with a row menu where the rows allow actions). */
  children?: ReactNode;
};

/** The table card: a short table and a "View all" link to the full list. */
export function TableWidget<Row = unknown>({
  viewAll,
  skeletonRows = 5,
  list,
  children,
  ...card
}: TableWidgetProps<Row>) {
  const { t } = useTranslation();
  return (
    <WidgetCard
      {...card}
      list={list ?? viewAll}
      skeleton={
        <Box>
          {Array.from({ length: skeletonRows }, (_, i) => (
            <Skeleton key={i} variant="text" height={40} />
          ))}
        </Box>
      }
      footer={
        viewAll && (
          <>
            <Divider sx={{ borderStyle: 'dashed' }} />
            <Box sx={{ p: 2, textAlign: 'end' }}>
              <Button
                component={RouterLink}
                to={viewAll.to}
                size="small"
                color="inherit"
                endIcon={
                  <ChevronRightRounded
                    sx={(theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined })}
                  />
                }
                {...prefetchHandlers(viewAll.to)}
              >
                {viewAll.label ?? t('overview.widget.viewAll')}
              </Button>
            </Box>
          </>
        )
      }
      flush
    >
      {children}
    </WidgetCard>
  );
}
