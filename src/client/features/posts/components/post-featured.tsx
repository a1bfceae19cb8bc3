import StarBorderRounded from '@mui/icons-material/StarBorderRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

import type { PostCard } from '#shared/contract/posts.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSetFeatured } from '../api/posts-api.ts';

/** "Featured": shown to administrators on a post they featured on the overview. */
export function FeaturedChip({ sx }: { sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" color="info" icon={<StarRounded />} label={t('posts.featured.chip')} sx={sx ?? {}} />
  );
}

type FeatureToggleProps = {
  post: Pick<PostCard, 'id' | 'featured'>;
  /** A star (a card), or a button with its words (the post's page). */
  variant?: 'icon' | 'button';
};

/**
 * An administrator's star: features the post on the overview's "Featured" carousel, or takes it off
 * (ADR 043). It shows the new state at once; a refusal puts the old one back and says why.
 */
export function FeatureToggle({ post, variant = 'icon' }: FeatureToggleProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const setFeatured = useSetFeatured();
  const label = post.featured ? t('posts.featured.unfeature') : t('posts.featured.feature');
  const toggle = () =>
    setFeatured.mutate(
      { id: post.id, featured: !post.featured },
      {
        onSuccess: (saved) =>
          enqueueSnackbar(t(saved.featured ? 'posts.featured.featured' : 'posts.featured.unfeatured'), {
            variant: 'success',
          }),
        onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
      },
    );
  const icon = post.featured ? <StarRounded /> : <StarBorderRounded />;
  if (variant === 'button') {
    return (
      <Button
        variant="outlined"
        color={post.featured ? 'warning' : 'inherit'}
        startIcon={icon}
        disabled={setFeatured.isPending}
        onClick={toggle}
      >
        {label}
      </Button>
    );
  }
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={label}
          disabled={setFeatured.isPending}
          onClick={toggle}
          sx={{ color: post.featured ? 'warning.main' : 'inherit' }}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
