import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/** A titled card of a long form ("Details", "Properties", "Pricing"): its fields stacked under the title. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <Divider />
      <Stack spacing={3} sx={{ p: 3 }}>
        {children}
      </Stack>
    </Card>
  );
}
