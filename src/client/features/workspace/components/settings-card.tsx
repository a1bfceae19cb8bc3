import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/** A titled card of the settings page: its title (an h2), a line saying what it is for, then its content. */
export function SettingsCard({
  title,
  subheader,
  children,
}: {
  title: string;
  subheader: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title={title}
        subheader={subheader}
        slotProps={{
          title: { variant: 'h6', component: 'h2' },
          subheader: { variant: 'body2', sx: { mt: 0.5, color: 'text.secondary' } },
        }}
      />
      <Divider />
      <Stack spacing={3} sx={{ p: 3 }}>
        {children}
      </Stack>
    </Card>
  );
}
