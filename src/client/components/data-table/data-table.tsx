import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';

import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import { Fragment, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { ListSort } from '../../lib/list-state.ts';
import { DataTablePagination } from './data-table-pagination.tsx';

export type DataTableColumn<Row, S extends string = string> = {
  /** Names the column's cells (`data-field`) and, when `sortable`, the server's sort key. */
  field: S | (string & {});
  header: string;
  sortable?: boolean;
  width?: number;
  minWidth?: number;
  align?: 'left' | 'right' | 'center';
  render: (row: Row) => ReactNode;
};

export type DataTableSelection<Row> = {
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  /** Rows that cannot be selected show a disabled box (e.g. the signed-in admin's own row). */
  isSelectable?: (row: Row) => boolean;
  /** Names the row in its box's label ("Select Ada Lovelace"). */
  rowLabel: (row: Row) => string;
};

/** Rows that open to show more beneath them (an order's lines): a toggle at the end of each row. */
export type DataTableExpansion<Row> = {
  /** What an open row shows under it; rendered only while the row is open. */
  render: (row: Row) => ReactNode;
  /** Names the row in its toggle's label ("Show details of #1001"). */
  rowLabel: (row: Row) => string;
};

export type DataTableProps<Row, S extends string> = {
  /** The accessible name of the table. */
  label: string;
  columns: readonly DataTableColumn<Row, S>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  /** Rows of the whole filter, or -1 when only a lower bound is known (then `hasNextPage` decides). */
  rowCount: number;
  hasNextPage?: boolean;
  /** A request is under way: a bar above the rows, the shown rows dimmed. */
  loading?: boolean;
  /** The last request failed: its message, with a Retry button when `onRetry` is given. */
  error?: string | null;
  onRetry?: () => void;
  /** What an empty result says. */
  emptyText?: string;
  /** 0-based. */
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** The server-side sort; sortable headers cycle ascending → descending → the server's order. */
  sort?: ListSort<S> | null;
  onSortChange?: (sort: ListSort<S> | null) => void;
  selection?: DataTableSelection<Row>;
  expansion?: DataTableExpansion<Row>;
  /** The least height of a row, px. */
  rowHeight?: number;
};

/** What a view hands a list's table from its query and list state (an area's table adds its columns). */
export type DataTableListProps = Pick<
  DataTableProps<unknown, string>,
  | 'rowCount'
  | 'hasNextPage'
  | 'loading'
  | 'error'
  | 'onRetry'
  | 'page'
  | 'pageSize'
  | 'pageSizeOptions'
  | 'onPageChange'
  | 'onPageSizeChange'
>;

/** Moves focus between cells with the arrow keys, Home and End (the grid keyboard pattern). */
function moveFocus(event: KeyboardEvent<HTMLTableElement>) {
  const keys = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const target = event.target as HTMLElement;
  // Text inputs and open menus keep their own keys.
  if (target.closest('input:not([type="checkbox"]), [role="menu"], [role="listbox"]')) return;
  const cell = target.closest<HTMLTableCellElement>('th, td');
  const row = cell?.parentElement;
  if (!cell || !(row instanceof HTMLTableRowElement)) return;
  const rows = [...event.currentTarget.rows];
  const rowIndex = rows.indexOf(row);
  const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
  let [r, c] = [rowIndex, cell.cellIndex];
  if (event.key === 'ArrowUp') r -= 1;
  else if (event.key === 'ArrowDown') r += 1;
  else if (event.key === 'ArrowLeft') c += rtl ? 1 : -1;
  else if (event.key === 'ArrowRight') c += rtl ? -1 : 1;
  else if (event.key === 'Home') c = 0;
  else c = row.cells.length - 1;
  const next = rows[r]?.cells[c];
  if (!next) return;
  event.preventDefault();
  const focusable = next.querySelector<HTMLElement>('a, button, input, [tabindex]:not(td, th)');
  (focusable ?? next).focus();
}

/**
 * A server-mode table: the server pages, sorts and filters; this shows one page with sortable headers,
 * pagination (page sizes, "1–10 of 57", or "of more than 10" when the total is not known), a loading bar,
 * an error with Retry, an empty state, optional row selection and rows that open to show more. Texts come from the MUI locale of the
 * language (pagination) and `common.table`. The list's state lives in the address (`useListState`).
 */
export function DataTable<Row, S extends string = string>({
  label,
  columns,
  rows,
  getRowId,
  rowCount,
  hasNextPage = false,
  loading = false,
  error,
  onRetry,
  emptyText,
  page,
  pageSize,
  pageSizeOptions,
  onPageChange,
  onPageSizeChange,
  sort,
  onSortChange,
  selection,
  expansion,
  rowHeight = 56,
}: DataTableProps<Row, S>) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const toggleExpanded = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const selectable = selection ? rows.filter((row) => selection.isSelectable?.(row) ?? true) : [];
  const selectedHere = selectable.filter((row) => selection?.selected.has(getRowId(row))).length;
  const columnCount = columns.length + (selection ? 1 : 0) + (expansion ? 1 : 0);

  // A total that shrank (rows deleted elsewhere) must not leave the pagination on a page past the end.
  const lastPage = rowCount >= 0 ? Math.max(0, Math.ceil(rowCount / pageSize) - 1) : Infinity;
  const shownPage = Math.min(page, lastPage);

  const toggleAll = (checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const row of selectable) {
      if (checked) next.add(getRowId(row));
      else next.delete(getRowId(row));
    }
    selection.onChange(next);
  };
  const toggleRow = (id: string, checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (checked) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };

  const nextSort = (field: S): ListSort<S> | null => {
    if (sort?.field !== field) return { field, order: 'asc' };
    return sort.order === 'asc' ? { field, order: 'desc' } : null;
  };

  return (
    <Box>
      {error && (
        <Alert
          severity="error"
          sx={{ mx: 2.5, mb: 2 }}
          action={
            onRetry && (
              <Button color="inherit" size="small" onClick={onRetry}>
                {t('common.retry')}
              </Button>
            )
          }
        >
          {error}
        </Alert>
      )}
      <TableContainer sx={{ position: 'relative' }}>
        {loading && (
          <LinearProgress sx={{ position: 'absolute', top: 0, insetInline: 0, height: 2, zIndex: 1 }} />
        )}
        <Table
          role="grid"
          aria-label={label}
          aria-busy={loading}
          onKeyDown={moveFocus}
          sx={{ minWidth: 640 }}
        >
          <TableHead>
            <TableRow>
              {selection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selectable.length > 0 && selectedHere === selectable.length}
                    indeterminate={selectedHere > 0 && selectedHere < selectable.length}
                    disabled={selectable.length === 0}
                    onChange={(event) => toggleAll(event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('common.table.selectAll') } }}
                  />
                </TableCell>
              )}
              {columns.map((column) => {
                const sorted = sort?.field === column.field ? sort.order : undefined;
                const sortable = column.sortable && onSortChange;
                return (
                  <TableCell
                    key={column.field}
                    align={column.align}
                    aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                    // The whole header sorts (a click on its label bubbles here, as do Enter and Space).
                    onClick={sortable ? () => onSortChange(nextSort(column.field as S)) : undefined}
                    sx={{
                      width: column.width,
                      minWidth: column.minWidth,
                      whiteSpace: 'nowrap',
                      cursor: sortable ? 'pointer' : undefined,
                    }}
                  >
                    {sortable ? (
                      <TableSortLabel active={sorted !== undefined} direction={sorted ?? 'asc'}>
                        {column.header}
                      </TableSortLabel>
                    ) : (
                      column.header
                    )}
                  </TableCell>
                );
              })}
              {expansion && <TableCell padding="checkbox" />}
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: loading && rows.length > 0 ? 0.6 : 1, transition: 'opacity 0.2s' }}>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell
                  colSpan={columnCount}
                  sx={{ height: 240, textAlign: 'center', color: 'text.secondary', typography: 'body2' }}
                >
                  {loading || error ? null : (emptyText ?? t('common.table.empty'))}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => {
                const id = getRowId(row);
                const isSelected = selection?.selected.has(id) ?? false;
                const isOpen = expansion !== undefined && expanded.has(id);
                return (
                  <Fragment key={id}>
                    <TableRow
                      role="row"
                      hover
                      selected={isSelected}
                      aria-selected={selection ? isSelected : undefined}
                    >
                      {selection && (
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={isSelected}
                            disabled={!(selection.isSelectable?.(row) ?? true)}
                            onChange={(event) => toggleRow(id, event.target.checked)}
                            slotProps={{
                              input: {
                                'aria-label': t('common.table.selectRow', { name: selection.rowLabel(row) }),
                              },
                            }}
                          />
                        </TableCell>
                      )}
                      {columns.map((column) => (
                        <TableCell
                          key={column.field}
                          align={column.align}
                          data-field={column.field}
                          // Reachable by the arrow keys (not by Tab): cells without a link or button.
                          tabIndex={-1}
                          sx={{ height: rowHeight, maxWidth: column.width, minWidth: column.minWidth }}
                        >
                          {column.render(row)}
                        </TableCell>
                      ))}
                      {expansion && (
                        <TableCell padding="checkbox">
                          <IconButton
                            size="small"
                            aria-expanded={isOpen}
                            aria-controls={isOpen ? `${id}-details` : undefined}
                            aria-label={t(isOpen ? 'common.table.collapseRow' : 'common.table.expandRow', {
                              name: expansion.rowLabel(row),
                            })}
                            onClick={() => toggleExpanded(id)}
                            sx={{
                              transform: isOpen ? 'rotate(180deg)' : undefined,
                              transition: (theme) => theme.transitions.create('transform'),
                              bgcolor: isOpen ? 'action.selected' : undefined,
                            }}
                          >
                            <KeyboardArrowDown fontSize="small" />
                          </IconButton>
                        </TableCell>
                      )}
                    </TableRow>
                    {isOpen && (
                      <TableRow id={`${id}-details`} role="row">
                        <TableCell colSpan={columnCount} sx={{ p: 0, bgcolor: 'background.neutral' }}>
                          <Collapse in appear timeout="auto">
                            {expansion.render(row)}
                          </Collapse>
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <DataTablePagination
        count={rowCount}
        page={shownPage}
        pageSize={pageSize}
        pageSizeOptions={pageSizeOptions}
        hasNextPage={hasNextPage}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
      />
    </Box>
  );
}
