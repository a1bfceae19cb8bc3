import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export type CarouselSlideProps = {
  /** Where the slide leads (the post, the product page). */
  to: string;
  /** The picture filling the slide; none: the slide's grey. */
  imageUrl?: string | null;
  /** The slide's height: the carousel's (`CarouselWidget`'s `height`). */
  height: number;
  /** A small line above the title (an author and a date, "View"). */
  overline?: ReactNode;
  title: ReactNode;
  /** Under the title: a string is one line of text; anything else (a price) is shown as it is. */
  subtitle?: ReactNode;
};

/**
 * One slide of a `CarouselWidget`: a picture filling it, a caption over a dark gradient at its foot (white
 * text stays readable on any picture), the whole slide a link. The picture is decoration (`alt=""`): the
 * caption names what the link opens.
 */
export function CarouselSlide({ to, imageUrl, height, overline, title, subtitle }: CarouselSlideProps) {
  return (
    <CardActionArea
      component={RouterLink}
      to={to}
      sx={{ display: 'block', position: 'relative', height, bgcolor: 'action.hover' }}
    >
      {imageUrl && (
        <Box
          component="img"
          src={imageUrl}
          alt=""
          loading="lazy"
          sx={{ display: 'block', width: 1, height: 1, objectFit: 'cover' }}
        />
      )}
      <Box
        sx={{
          position: 'absolute',
          insetInline: 0,
          bottom: 0,
          p: 3,
          pt: 6,
          color: 'common.white',
          background: 'linear-gradient(to top, rgba(0, 0, 0, 0.78), rgba(0, 0, 0, 0))',
        }}
      >
        {overline && (
          <Typography variant="overline" component="p" sx={{ opacity: 0.9 }}>
            {overline}
          </Typography>
        )}
        <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {typeof subtitle === 'string'
          ? subtitle && (
              <Typography variant="body2" noWrap sx={{ opacity: 0.9 }}>
                {subtitle}
              </Typography>
            )
          : subtitle}
      </Box>
    </CardActionArea>
  );
}
