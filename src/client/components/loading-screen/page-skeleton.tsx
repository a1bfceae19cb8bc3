import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';

/** Placeholder of a page while its content loads: a title line and a few cards. */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('app.loading')} aria-busy="true" sx={{ py: 1 }}>
      <Skeleton variant="text" sx={{ fontSize: '2rem', width: { xs: '60%', md: 320 }, mb: 3 }} />
      <Grid container spacing={3}>
        {[0, 1, 2].map((index) => (
          <Grid key={index} size={{ xs: 12, md: 4 }}>
            <Skeleton variant="rounded" height={140} sx={{ borderRadius: 2 }} />
          </Grid>
        ))}
        <Grid size={12}>
          <Skeleton variant="rounded" height={280} sx={{ borderRadius: 2 }} />
        </Grid>
      </Grid>
    </Box>
  );
}
