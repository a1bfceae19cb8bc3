import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type PageHeaderProps = { overline?: string; title: string; description?: ReactNode; children?: ReactNode };

/** The top of a public page: overline, the page's one h1, and a short description. */
export function PageHeader({ overline, title, description, children }: PageHeaderProps) {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 720, mx: 'auto', mb: { xs: 5, md: 8 } }}>
      {overline && (
        <Typography variant="overline" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
          {overline}
        </Typography>
      )}
      <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {description && <Typography sx={{ color: 'text.secondary' }}>{description}</Typography>}
      {children}
    </Box>
  );
}
