import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useTheme, useThemeProps } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

type Labels = {
  labelRowsPerPage: string;
  labelDisplayedRows: (info: { from: number; to: number; count: number; page: number }) => string;
  getItemAriaLabel: (type: 'first' | 'last' | 'next' | 'previous') => string;
};

/** MUI's English texts; the theme's locale (one per language) replaces them. */
const english: Labels = {
  labelRowsPerPage: 'Rows per page:',
  labelDisplayedRows: ({ from, to, count }) => `${from}–${to} of ${count !== -1 ? count : `more than ${to}`}`,
  getItemAriaLabel: (type) => `Go to ${type} page`,
};

export type DataTablePaginationProps = {
  /** Rows of the whole list; -1 when the server only knows there are more (then `hasNextPage` decides). */
  count: number;
  /** From 0. */
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  hasNextPage: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

/**
 * The data table's pager: rows per page, "1–10 of 25", previous and next. MUI's TablePagination has the same
 * texts (read here from the theme's locale), but draws each arrow inside a Tooltip, whose Popper code
 * (13 KiB) and four instances per table cost every list page's first load (issue #8 §2). The arrows point
 * the reading direction's way; on a phone the label is not drawn but still names the picker.
 */
export function DataTablePagination({
  count,
  page,
  pageSize,
  pageSizeOptions,
  hasNextPage,
  onPageChange,
  onPageSizeChange,
}: DataTablePaginationProps) {
  const theme = useTheme();
  const labels = {
    ...english,
    ...useThemeProps<object, Partial<Labels>, 'MuiTablePagination'>({
      props: {},
      name: 'MuiTablePagination',
    }),
  };
  const labelId = useId();
  const rtl = theme.direction === 'rtl';
  const from = count === 0 ? 0 : page * pageSize + 1;
  const to = count === -1 ? (page + 1) * pageSize : Math.min(count, (page + 1) * pageSize);
  const canGoNext = count === -1 ? hasNextPage : to < count;
  const Previous = rtl ? KeyboardArrowRight : KeyboardArrowLeft;
  const Next = rtl ? KeyboardArrowLeft : KeyboardArrowRight;

  return (
    <Box
      sx={{
        px: 2,
        minHeight: 52,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      <Typography id={labelId} variant="body2" sx={{ display: { xs: 'none', sm: 'block' } }}>
        {labels.labelRowsPerPage}
      </Typography>
      <Select
        value={pageSize}
        onChange={(event) => onPageSizeChange(Number(event.target.value))}
        input={<InputBase sx={{ typography: 'body2' }} />}
        labelId={labelId}
        variant="standard"
      >
        {pageSizeOptions.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </Select>
      <Typography variant="body2">{labels.labelDisplayedRows({ from, to, count, page })}</Typography>
      <Box sx={{ display: 'flex' }}>
        <IconButton
          aria-label={labels.getItemAriaLabel('previous')}
          title={labels.getItemAriaLabel('previous')}
          disabled={page === 0}
          onClick={() => onPageChange(page - 1)}
        >
          <Previous />
        </IconButton>
        <IconButton
          aria-label={labels.getItemAriaLabel('next')}
          title={labels.getItemAriaLabel('next')}
          disabled={!canGoNext}
          onClick={() => onPageChange(page + 1)}
        >
          <Next />
        </IconButton>
      </Box>
    </Box>
  );
}
