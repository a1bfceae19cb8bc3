import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { PostPerson } from '#shared/contract/posts.ts';

import { fDate } from '../../../lib/format.ts';
import { FeaturedChip } from './post-featured.tsx';

type HeroProps = {
  title: string;
  coverUrl: string | null;
  author: PostPerson;
  /** When it was published (a draft: when it was written; the preview: now). */
  date: string;
  draft?: boolean;
  /** Featured on the overview (shown to administrators only). */
  featured?: boolean;
  /** Shown at the hero's end (share). */
  action?: ReactNode;
  /** The title's element: the page's h1 on the post's page, h2 in the form's preview. */
  titleAs?: 'h1' | 'h2';
};

/** The post's hero: the cover under a dark veil, the title, its author and date. */
export function PostHero({
  title,
  coverUrl,
  author,
  date,
  draft = false,
  featured = false,
  action,
  titleAs = 'h1',
}: HeroProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        position: 'relative',
        borderRadius: 2,
        overflow: 'hidden',
        minHeight: { xs: 280, md: 420 },
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        p: { xs: 3, md: 5 },
        color: 'common.white',
        bgcolor: 'grey.800',
        '& > :not(.cover)': { position: 'relative' },
      }}
    >
      {coverUrl && (
        <Box
          component="img"
          className="cover"
          src={coverUrl}
          alt={t('posts.post.cover')}
          sx={{ position: 'absolute', inset: 0, width: 1, height: 1, objectFit: 'cover' }}
        />
      )}
      <Box className="cover" sx={{ position: 'absolute', inset: 0, bgcolor: 'rgba(22, 28, 36, 0.64)' }} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {draft && <Chip size="small" color="warning" label={t('posts.draft')} />}
        {featured && <FeaturedChip />}
      </Stack>
      <Typography variant="h3" component={titleAs} dir="auto" sx={{ maxWidth: 720, my: 3 }}>
        {title}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Avatar src={author.avatarUrl ?? undefined} alt={author.name} sx={{ width: 48, height: 48 }}>
            {author.name.charAt(0)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" dir="auto" noWrap>
              {author.name}
            </Typography>
            <Typography variant="body2" component="time" dateTime={date} sx={{ opacity: 0.72 }}>
              {fDate(date)}
            </Typography>
          </Box>
        </Stack>
        {action}
      </Stack>
    </Box>
  );
}

/**
 * The description, the content and the tags. The content is HTML the server sanitised before it stored
 * it (ADR 022): rendered as it is. The form's preview passes the editor's own HTML (the writer's text).
 */
export function PostBody({
  description,
  content,
  tags,
}: {
  description: string;
  content: string;
  tags: string[];
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={4}>
      {description && (
        <Typography variant="h6" component="p" dir="auto">
          {description}
        </Typography>
      )}
      <Box
        dir="auto"
        data-testid="post-content"
        sx={{
          typography: 'body1',
          '& img': { maxWidth: 1 },
          '& blockquote': {
            m: 0,
            py: 1,
            px: 3,
            borderInlineStart: '4px solid',
            borderColor: 'divider',
            color: 'text.secondary',
            fontStyle: 'italic',
          },
          '& pre': { p: 2, borderRadius: 1, bgcolor: 'action.hover', overflowX: 'auto' },
          '& a': { color: 'primary.main' },
        }}
        dangerouslySetInnerHTML={{ __html: content }}
      />
      {tags.length > 0 && (
        <Stack
          component="ul"
          aria-label={t('posts.post.tags')}
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
        >
          {tags.map((tag) => (
            <li key={tag}>
              <Chip size="small" variant="outlined" label={tag} dir="auto" />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
