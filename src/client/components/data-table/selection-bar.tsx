import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The bar above a table while rows are selected (a region named `label`): how many, and what can be done to
 * them (the buttons in `children`: delete, send, download…). Render it only when something is selected.
 */
export function SelectionBar({
  label,
  count,
  children,
}: {
  label: string;
  count: string;
  children: ReactNode;
}) {
  return (
    <Stack
      role="region"
      aria-label={label}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{
        mx: 2.5,
        mb: 2,
        px: 2,
        py: 1,
        flexWrap: 'wrap',
        borderRadius: 1,
        bgcolor: 'action.selected',
        alignItems: 'center',
      }}
    >
      <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
        {count}
      </Typography>
      {children}
    </Stack>
  );
}
