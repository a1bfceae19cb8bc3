import { zodResolver } from '@hookform/resolvers/zod';
import AppsIcon from '@mui/icons-material/Apps';
import HelpIcon from '@mui/icons-material/Help';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { VariantType } from 'notistack';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';

import {
  ForbiddenIllustration,
  NotFoundIllustration,
  ServerErrorIllustration,
} from '../../../components/error-views/illustrations.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { Label } from '../../../components/label/label.tsx';
import { LoadingContent } from '../../../components/loading-screen/loading-screen.tsx';
import { PageSkeleton } from '../../../components/loading-screen/page-skeleton.tsx';
import { Logo } from '../../../components/logo/logo.tsx';
import { NavSection } from '../../../components/nav-section/nav-section.tsx';
import type { NavGroup } from '../../../components/nav-section/types.ts';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { PageHeader } from '../components/page-header.tsx';
import {
  ComingSoonIllustration,
  EmptyIllustration,
  MaintenanceIllustration,
} from '../components/illustrations.tsx';

function GallerySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card
      component="section"
      variant="outlined"
      aria-labelledby={`gallery-${id}`}
      sx={{ p: { xs: 3, md: 4 } }}
    >
      <Typography id={`gallery-${id}`} variant="h5" component="h2" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

const sampleSchema = z.object({
  name: z.string().trim().min(1, 'componentsGallery.sample.nameRequired'),
  password: z.string(),
});
type SampleValues = z.infer<typeof sampleSchema>;

function FormSamples() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit } = useForm<SampleValues>({
    resolver: zodResolver(sampleSchema),
    defaultValues: { name: '', password: '' },
  });
  const onSubmit = handleSubmit(() => enqueueSnackbar(t('componentsGallery.sample.checked')));
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        <FormTextField
          control={control}
          name="name"
          label={t('componentsGallery.sample.name')}
          helperText={t('componentsGallery.sample.nameHelp')}
        />
        <PasswordField
          control={control}
          name="password"
          label={t('componentsGallery.sample.password')}
          autoComplete="off"
        />
        <Box>
          <Button type="submit" variant="contained">
            {t('componentsGallery.sample.check')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

const toastVariants: Exclude<VariantType, 'default'>[] = ['info', 'success', 'warning', 'error'];

/** /components: the app's shared components with their real behaviour (fields validate, toasts fire). */
export function ComponentsView() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();

  const navSample: NavGroup[] = [
    {
      subheader: t('componentsGallery.nav.groupGeneral'),
      items: [
        { title: t('componentsGallery.nav.app'), path: paths.dashboard.general.app, icon: <AppsIcon /> },
        { title: t('componentsGallery.nav.pricing'), path: paths.pricing, icon: <AppsIcon /> },
        {
          title: t('componentsGallery.nav.more'),
          path: '#more',
          icon: <HelpIcon />,
          children: [
            { title: t('componentsGallery.nav.faqs'), path: paths.faqs },
            { title: t('componentsGallery.nav.contact'), path: paths.contactUs },
          ],
        },
      ],
    },
  ];

  const labelColors = ['default', 'primary', 'success', 'warning', 'error', 'info'] as const;

  return (
    <Container sx={{ py: { xs: 6, md: 10 } }}>
      <PageHeader title={t('componentsGallery.title')} description={t('componentsGallery.description')} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <GallerySection id="logo" title={t('componentsGallery.sections.logo')}>
          <Stack direction="row" spacing={4} sx={{ alignItems: 'center' }}>
            <Logo />
            <Logo showText={false} size={48} />
          </Stack>
        </GallerySection>

        <GallerySection id="toasts" title={t('componentsGallery.sections.toasts')}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('componentsGallery.toasts.text')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
            {toastVariants.map((variant) => (
              <Button
                key={variant}
                variant="outlined"
                color={variant}
                onClick={() => enqueueSnackbar(t(`componentsGallery.toasts.${variant}Message`), { variant })}
              >
                {t(`componentsGallery.toasts.${variant}`)}
              </Button>
            ))}
          </Stack>
        </GallerySection>

        <GallerySection
          id="fields"
          title={`${t('componentsGallery.sections.textField')} · ${t('componentsGallery.sections.passwordField')}`}
        >
          <FormSamples />
        </GallerySection>

        <GallerySection id="labels" title={t('componentsGallery.sections.label')}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {labelColors.map((color) => (
              <Label key={color} color={color}>
                {t(`componentsGallery.labels.${color}`)}
              </Label>
            ))}
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
            {labelColors.map((color) => (
              <Chip
                key={color}
                size="small"
                variant="outlined"
                color={color}
                label={t(`componentsGallery.labels.${color}`)}
              />
            ))}
          </Stack>
        </GallerySection>

        <GallerySection id="nav" title={t('componentsGallery.sections.navSection')}>
          <Box sx={{ maxWidth: 280, mx: -2 }}>
            <nav aria-label={t('componentsGallery.sections.navSection')}>
              <NavSection data={navSample} />
            </nav>
          </Box>
        </GallerySection>

        <GallerySection id="loading" title={t('componentsGallery.sections.loading')}>
          <LoadingContent />
          <Box sx={{ mt: 2, maxHeight: 240, overflow: 'hidden' }}>
            <PageSkeleton />
          </Box>
        </GallerySection>

        <GallerySection id="errors" title={t('componentsGallery.sections.errorViews')}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('componentsGallery.errorViews.text')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, 1fr)', mb: 2 }}>
            <ForbiddenIllustration />
            <NotFoundIllustration />
            <ServerErrorIllustration />
          </Box>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
            <Button component={RouterLink} to={paths.page403} variant="outlined" color="inherit">
              {t('componentsGallery.errorViews.open403')}
            </Button>
            <Button component={RouterLink} to={paths.page404} variant="outlined" color="inherit">
              {t('componentsGallery.errorViews.open404')}
            </Button>
            <Button component={RouterLink} to={paths.page500} variant="outlined" color="inherit">
              {t('componentsGallery.errorViews.open500')}
            </Button>
          </Stack>
        </GallerySection>

        <GallerySection id="illustrations" title={t('componentsGallery.sections.illustrations')}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, 1fr)' }}>
            <ComingSoonIllustration />
            <MaintenanceIllustration />
            <EmptyIllustration />
          </Box>
        </GallerySection>
      </Box>
    </Container>
  );
}
