import BoltOutlined from '@mui/icons-material/BoltOutlined';
import CardGiftcardOutlined from '@mui/icons-material/CardGiftcardOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import CheckroomOutlined from '@mui/icons-material/CheckroomOutlined';
import ChildCareOutlined from '@mui/icons-material/ChildCareOutlined';
import DirectionsBusOutlined from '@mui/icons-material/DirectionsBusOutlined';
import DirectionsCarOutlined from '@mui/icons-material/DirectionsCarOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import FitnessCenterOutlined from '@mui/icons-material/FitnessCenterOutlined';
import FlightOutlined from '@mui/icons-material/FlightOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import LocalGasStationOutlined from '@mui/icons-material/LocalGasStationOutlined';
import LocalGroceryStoreOutlined from '@mui/icons-material/LocalGroceryStoreOutlined';
import LocalHospitalOutlined from '@mui/icons-material/LocalHospitalOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import Percent from '@mui/icons-material/Percent';
import PetsOutlined from '@mui/icons-material/PetsOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import RestaurantOutlined from '@mui/icons-material/RestaurantOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import SubscriptionsOutlined from '@mui/icons-material/SubscriptionsOutlined';
import TheaterComedyOutlined from '@mui/icons-material/TheaterComedyOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';
import WifiOutlined from '@mui/icons-material/WifiOutlined';
import Work from '@mui/icons-material/Work';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

import type { CategoryIcon as CategoryIconName } from '#shared/contract/banking-limits.ts';

const icons: Record<CategoryIconName, ComponentType<SvgIconProps>> = {
  salary: Work,
  bonus: EmojiEventsOutlined,
  interest: Percent,
  gift: CardGiftcardOutlined,
  refund: ReplayOutlined,
  other: CategoryOutlined,
  home: HomeOutlined,
  groceries: LocalGroceryStoreOutlined,
  restaurant: RestaurantOutlined,
  transport: DirectionsBusOutlined,
  car: DirectionsCarOutlined,
  fuel: LocalGasStationOutlined,
  health: LocalHospitalOutlined,
  shopping: ShoppingBagOutlined,
  clothes: CheckroomOutlined,
  entertainment: TheaterComedyOutlined,
  travel: FlightOutlined,
  education: SchoolOutlined,
  utilities: BoltOutlined,
  phone: PhoneIphoneOutlined,
  internet: WifiOutlined,
  insurance: ShieldOutlined,
  subscriptions: SubscriptionsOutlined,
  investments: TrendingUpOutlined,
  taxes: ReceiptLongOutlined,
  pets: PetsOutlined,
  kids: ChildCareOutlined,
  sport: FitnessCenterOutlined,
  charity: VolunteerActivismOutlined,
  fees: PaymentsOutlined,
};

/** A category's icon (decorative: the category's name says what it is). */
export function CategoryIcon({ icon, ...props }: { icon: CategoryIconName } & SvgIconProps) {
  const Icon = icons[icon] ?? CategoryOutlined;
  return <Icon aria-hidden="true" {...props} />;
}
