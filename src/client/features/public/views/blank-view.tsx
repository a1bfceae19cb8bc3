import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { EmptyIllustration } from '../components/illustrations.tsx';

/** /dashboard/blank: the page heading and an empty state, a starting point for new pages. */
export function BlankView() {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: { xs: 3, md: 5 } }}>
        {t('blank.title')}
      </Typography>
      <Box
        sx={{
          minHeight: 360,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
          px: 3,
          py: 6,
          borderRadius: 2,
          border: 1,
          borderStyle: 'dashed',
          borderColor: 'divider',
        }}
      >
        <EmptyIllustration sx={{ maxWidth: 200, mb: 3 }} />
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('blank.emptyTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('blank.emptyDescription')}
        </Typography>
      </Box>
    </>
  );
}
