import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Listing } from '#shared/contract/booking.ts';

import { ListingKindIcon } from './listing-kind-icon.tsx';

/**
 * A listing's cover and gallery: one large picture and the others as thumbnails that show it; a listing
 * without pictures shows its kind's icon.
 */
export function ListingGallery({
  listing,
}: {
  listing: Pick<Listing, 'name' | 'kind' | 'cover' | 'gallery'>;
}) {
  const { t } = useTranslation();
  const pictures = [...(listing.cover ? [listing.cover] : []), ...listing.gallery].filter(
    (file, index, all) => all.findIndex((other) => other.id === file.id) === index,
  );
  const [shown, setShown] = useState(0);
  const picture = pictures[Math.min(shown, pictures.length - 1)];
  return (
    <Stack spacing={1.5}>
      <Box
        sx={{
          aspectRatio: '16 / 10',
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'action.hover',
          color: 'text.disabled',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {picture ? (
          <Box
            component="img"
            src={picture.url}
            alt={listing.name}
            sx={{ width: 1, height: 1, objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <ListingKindIcon kind={listing.kind} sx={{ fontSize: 96 }} />
        )}
      </Box>
      {pictures.length > 1 && (
        <Stack direction="row" spacing={1} sx={{ overflowX: 'auto', pb: 0.5 }}>
          {pictures.map((file, index) => (
            <ButtonBase
              key={file.id}
              onClick={() => setShown(index)}
              aria-label={t('booking.listings.showPhoto', { number: index + 1 })}
              aria-pressed={index === shown}
              sx={{
                flexShrink: 0,
                width: 72,
                height: 54,
                borderRadius: 1,
                overflow: 'hidden',
                outline: index === shown ? 2 : 0,
                outlineColor: 'primary.main',
                outlineOffset: -2,
                opacity: index === shown ? 1 : 0.7,
              }}
            >
              <Box
                component="img"
                src={file.url}
                alt=""
                loading="lazy"
                sx={{ width: 1, height: 1, objectFit: 'cover', display: 'block' }}
              />
            </ButtonBase>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
