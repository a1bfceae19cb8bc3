import ConstructionRounded from '@mui/icons-material/ConstructionRounded';
import HikingRounded from '@mui/icons-material/HikingRounded';
import HotelRounded from '@mui/icons-material/HotelRounded';
import SchoolRounded from '@mui/icons-material/SchoolRounded';
import type { SvgIconProps } from '@mui/material/SvgIcon';

import type { ListingKind } from '#shared/contract/booking-limits.ts';

const icons = {
  tour: HikingRounded,
  room: HotelRounded,
  course: SchoolRounded,
  equipment: ConstructionRounded,
} satisfies Record<ListingKind, unknown>;

/** What a listing offers as an icon (a card without a cover shows it instead); decorative. */
export function ListingKindIcon({ kind, ...props }: { kind: ListingKind } & SvgIconProps) {
  const Icon = icons[kind];
  return <Icon aria-hidden {...props} />;
}
