import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { WidgetCard, type WidgetCardProps } from './widget-card.tsx';

export type CarouselWidgetProps<Item, Row = unknown> = Omit<
  WidgetCardProps<Row>,
  'children' | 'skeleton' | 'empty'
> & {
  items: readonly Item[];
  itemKey: (item: Item) => string;
  /** One slide (a featured post, a new product): a picture, a title, a link. */
  renderItem: (item: Item) => ReactNode;
  /** The slides' height, kept by the skeleton (default 280 px). */
  height?: number;
};

const SWIPE_PX = 40;

/**
 * The carousel card: one slide at a time, previous and next buttons, a dot per slide and a swipe on touch
 * screens; it never moves by itself (WCAG 2.2.2). No items is the empty state.
 */
export function CarouselWidget<Item, Row = unknown>({
  items,
  itemKey,
  renderItem,
  height = 280,
  ...card
}: CarouselWidgetProps<Item, Row>) {
  const { t } = useTranslation();
  const rtl = useTheme().direction === 'rtl';
  const [wanted, setIndex] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const total = items.length;
  // The items can shrink under the current slide (a post no longer featured): stay in range.
  const index = total === 0 ? 0 : Math.min(wanted, total - 1);
  const go = (next: number) => setIndex((next + total) % total);
  const current = items[index];
  const Previous = rtl ? ChevronRightRounded : ChevronLeftRounded;
  const Next = rtl ? ChevronLeftRounded : ChevronRightRounded;

  return (
    <WidgetCard {...card} flush empty={total === 0} skeleton={<Skeleton variant="rounded" height={height} />}>
      {current !== undefined && (
        <Box
          role="group"
          aria-roledescription="carousel"
          aria-label={t('overview.widget.carousel.label')}
          onPointerDown={(event) => {
            swipeStart.current = event.clientX;
          }}
          onPointerUp={(event) => {
            if (swipeStart.current === null || total < 2) return;
            const dx = (event.clientX - swipeStart.current) * (rtl ? -1 : 1);
            swipeStart.current = null;
            if (dx <= -SWIPE_PX) go(index + 1);
            else if (dx >= SWIPE_PX) go(index - 1);
          }}
          sx={{ position: 'relative', touchAction: 'pan-y' }}
        >
          <Box
            key={itemKey(current)}
            role="group"
            aria-roledescription="slide"
            aria-label={t('overview.widget.carousel.slide', { index: index + 1, total })}
            sx={{ minHeight: height }}
          >
            {renderItem(current)}
          </Box>
          {total > 1 && (
            <Box
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 1, py: 1 }}
            >
              <IconButton aria-label={t('overview.widget.carousel.previous')} onClick={() => go(index - 1)}>
                <Previous />
              </IconButton>
              <Box sx={{ display: 'flex', gap: 0.5 }}>
                {items.map((item, i) => (
                  <ButtonBase
                    key={itemKey(item)}
                    aria-label={t('overview.widget.carousel.goTo', { index: i + 1 })}
                    aria-current={i === index ? 'true' : undefined}
                    onClick={() => setIndex(i)}
                    sx={{
                      width: 24,
                      height: 24,
                      borderRadius: '50%',
                      '&::after': {
                        content: '""',
                        width: i === index ? 10 : 6,
                        height: i === index ? 10 : 6,
                        borderRadius: '50%',
                        bgcolor: i === index ? 'primary.main' : 'text.disabled',
                      },
                    }}
                  />
                ))}
              </Box>
              <IconButton aria-label={t('overview.widget.carousel.next')} onClick={() => go(index + 1)}>
                <Next />
              </IconButton>
            </Box>
          )}
        </Box>
      )}
    </WidgetCard>
  );
}
