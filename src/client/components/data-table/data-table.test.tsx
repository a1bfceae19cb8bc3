import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { AppProvider } from '../../app/provider.tsx';
import { DataTable, type DataTableColumn } from './data-table.tsx';

type Row = { id: string; name: string; city: string };
const rows: Row[] = [
  { id: 'a', name: 'Ada', city: 'London' },
  { id: 'b', name: 'Bob', city: 'Paris' },
];
const columns: DataTableColumn<Row, 'name'>[] = [
  { field: 'name', header: 'Name', sortable: true, render: (row) => <a href={`#${row.id}`}>{row.name}</a> },
  { field: 'city', header: 'City', render: (row) => row.city },
];

function renderTable(props: Partial<Parameters<typeof DataTable<Row, 'name'>>[0]> = {}) {
  const handlers = {
    onPageChange: vi.fn(),
    onPageSizeChange: vi.fn(),
    onSortChange: vi.fn(),
    onRetry: vi.fn(),
    onSelect: vi.fn(),
  };
  render(
    <AppProvider>
      <DataTable<Row, 'name'>
        label="People"
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        rowCount={2}
        page={0}
        pageSize={10}
        pageSizeOptions={[10, 25]}
        onPageChange={handlers.onPageChange}
        onPageSizeChange={handlers.onPageSizeChange}
        sort={null}
        onSortChange={handlers.onSortChange}
        onRetry={handlers.onRetry}
        {...props}
      />
    </AppProvider>,
  );
  return handlers;
}

describe('DataTable', () => {
  it('shows the rows with their headers and cycles a sortable header asc → desc → none', async () => {
    const { onSortChange } = renderTable();
    const grid = screen.getByRole('grid', { name: 'People' });
    expect(within(grid).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(within(grid).getByRole('columnheader', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'name', order: 'asc' });
    // City is not sortable: a click asks for nothing.
    await userEvent.click(within(grid).getByRole('columnheader', { name: 'City' }));
    expect(onSortChange).toHaveBeenCalledTimes(1);
  });

  it('reports the next sort from the current one', async () => {
    const { onSortChange } = renderTable({ sort: { field: 'name', order: 'desc' } });
    const header = screen.getByRole('columnheader', { name: 'Name' });
    expect(header.getAttribute('aria-sort')).toBe('descending');
    await userEvent.click(header);
    expect(onSortChange).toHaveBeenLastCalledWith(null);
  });

  it('says so when there are no rows, and shows an error with Retry', async () => {
    const { onRetry } = renderTable({
      rows: [],
      rowCount: 0,
      emptyText: 'Nobody here',
      error: 'Server down',
    });
    expect(screen.queryByText('Nobody here')).toBeNull();
    expect(screen.getByText('Server down')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the empty text when the answer is empty', () => {
    renderTable({ rows: [], rowCount: 0, emptyText: 'Nobody here' });
    expect(screen.getByText('Nobody here')).toBeTruthy();
  });

  it('pages on by hasNextPage when the total is unknown', async () => {
    const { onPageChange } = renderTable({ rowCount: -1, hasNextPage: true });
    expect(screen.getByText(/1–10 of more than 10/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('stops at the last page when the total is unknown and no page follows', () => {
    renderTable({ rowCount: -1, hasNextPage: false });
    expect((screen.getByRole('button', { name: 'Go to next page' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('selects rows one by one or the whole page, never a row that may not be selected', async () => {
    const onChange = vi.fn();
    renderTable({
      selection: {
        selected: new Set(),
        onChange,
        isSelectable: (row) => row.id !== 'b',
        rowLabel: (row) => row.name,
      },
    });
    expect((screen.getByRole('checkbox', { name: 'Select Bob' }) as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Ada' }));
    expect(onChange).toHaveBeenLastCalledWith(new Set(['a']));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(onChange).toHaveBeenLastCalledWith(new Set(['a']));
  });

  it('moves between cells with the arrow keys', async () => {
    renderTable();
    const link = screen.getByRole('link', { name: 'Ada' });
    link.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Bob' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Paris');
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Bob' }));
  });

  it('opens a row to show its details beneath it, one row at a time or several, and closes it', async () => {
    renderTable({
      expansion: {
        rowLabel: (row) => row.name,
        render: (row) => <p>{`${row.name} lives in ${row.city}`}</p>,
      },
    });
    const grid = screen.getByRole('grid', { name: 'People' });
    expect(screen.queryByText('Ada lives in London')).toBeNull();
    const open = within(grid).getByRole('button', { name: 'Show details of Ada' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(open);
    screen.getByText('Ada lives in London');
    const close = within(grid).getByRole('button', { name: 'Hide details of Ada' });
    expect(close.getAttribute('aria-expanded')).toBe('true');
    // The toggle names the row under it that holds the details.
    const details = document.getElementById(close.getAttribute('aria-controls')!);
    expect(details?.contains(screen.getByText('Ada lives in London'))).toBe(true);
    await userEvent.click(within(grid).getByRole('button', { name: 'Show details of Bob' }));
    // Both open at once.
    screen.getByText('Bob lives in Paris');
    screen.getByText('Ada lives in London');
    await userEvent.click(close);
    expect(screen.queryByText('Ada lives in London')).toBeNull();
    expect(
      within(grid).getByRole('button', { name: 'Show details of Ada' }).getAttribute('aria-expanded'),
    ).toBe('false');
  });
});
