import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type AuthFormHeadProps = { title: string; description?: ReactNode };

/** The page's h1 and the line under it. */
export function AuthFormHead({ title, description }: AuthFormHeadProps) {
  return (
    <Box sx={{ mb: 4, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" component="div" sx={{ color: 'text.secondary' }}>
          {description}
        </Typography>
      )}
    </Box>
  );
}
