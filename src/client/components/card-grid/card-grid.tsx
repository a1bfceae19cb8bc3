import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type CardGridProps<T> = {
  /** The section's accessible name ("Shop", "Posts"). */
  label: string;
  /** The page's items; undefined until the first page arrives (or when it failed). */
  items: readonly T[] | undefined;
  /** The first page is loading: skeleton cards stand in for it. */
  pending: boolean;
  fetching: boolean;
  /** The previous filter's items stay on screen, dimmed, while the new ones load. */
  stale: boolean;
  /** The size of a skeleton card (an aspect ratio, or a height). */
  skeletonSx: SxProps<Theme>;
  /** What an empty page says, and what to try next. */
  empty: { title: string; hint?: string | undefined };
  renderItem: (item: T) => ReactNode;
};

/**
 * A page of cards (shop products, blog posts): one to four columns by width, skeleton cards while the
 * first page loads, dimmed while the next one does, and a message when there is nothing to show.
 */
export function CardGrid<T>({
  label,
  items,
  pending,
  fetching,
  stale,
  skeletonSx,
  empty,
  renderItem,
}: CardGridProps<T>) {
  return (
    <>
      {items?.length === 0 && (
        <Box sx={{ py: 10, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            {empty.title}
          </Typography>
          {empty.hint && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {empty.hint}
            </Typography>
          )}
        </Box>
      )}
      <Box
        component="section"
        aria-label={label}
        aria-busy={fetching}
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, 1fr)',
            md: 'repeat(3, 1fr)',
            lg: 'repeat(4, 1fr)',
          },
          opacity: stale ? 0.6 : 1,
        }}
      >
        {pending
          ? Array.from({ length: 8 }, (_, index) => (
              <Skeleton key={index} variant="rounded" sx={skeletonSx} />
            ))
          : items?.map(renderItem)}
      </Box>
    </>
  );
}
