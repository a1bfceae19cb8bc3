import type { users } from '../schema/index.ts';
import type { Random } from './random.ts';

export const FIRST_NAMES = [
  'Jayvion',
  'Lucian',
  'Deja',
  'Harrison',
  'Reece',
  'Lainey',
  'Cristopher',
  'Melanie',
  'Chase',
  'Shawn',
  'Soren',
  'Amara',
  'Nadia',
  'Tomas',
  'Ingrid',
  'Kenji',
  'Leila',
  'Mateo',
  'Priya',
  'Olumide',
  'Hana',
  'Emeka',
  'Sofia',
  'Yusuf',
  'Clara',
  'Anh',
  'Wei',
  'Fatima',
  'Louis',
  'Camille',
] as const;
export const LAST_NAMES = [
  'Simon',
  'Obrien',
  'Fahey',
  'Stehr',
  'Wilkinson',
  'Hilll',
  'Nikolaus',
  'Dicki',
  'Schmitt',
  'Larkin',
  'Okafor',
  'Nguyen',
  'Dubois',
  'Haddad',
  'Tanaka',
  'Kowalski',
  'Moreau',
  'Chen',
  'Silva',
  'Andersen',
] as const;

export const PLACES = [
  { country: 'United States', state: 'California', city: 'San Francisco', zip: '94110' },
  { country: 'United States', state: 'New York', city: 'Brooklyn', zip: '11201' },
  { country: 'United Kingdom', state: 'England', city: 'Manchester', zip: 'M1 1AE' },
  { country: 'France', state: 'Île-de-France', city: 'Paris', zip: '75011' },
  { country: 'Germany', state: 'Berlin', city: 'Berlin', zip: '10115' },
  { country: 'Viet Nam', state: 'Hà Nội', city: 'Hanoi', zip: '100000' },
  { country: 'Japan', state: 'Tokyo', city: 'Shibuya', zip: '150-0002' },
  { country: 'Nigeria', state: 'Lagos', city: 'Ikeja', zip: '100271' },
  { country: 'Brazil', state: 'São Paulo', city: 'Campinas', zip: '13010-111' },
  { country: 'Canada', state: 'Ontario', city: 'Toronto', zip: 'M5V 2T6' },
  { country: 'China', state: 'Shanghai', city: 'Shanghai', zip: '200000' },
  { country: 'United Arab Emirates', state: 'Dubai', city: 'Dubai', zip: '00000' },
] as const;

export const COMPANIES = [
  'Gleichner, Mueller and Tromp',
  'Nikolaus - Leuschke',
  'Hegmann, Kreiger and Bayer',
  'Grimes Inc',
  'Durgan - Murazik',
  'Altenwerth, Erdman and Kutch',
  'Tillman Group',
  'Kub Group',
  'Stracke LLC',
  'Northwind Traders',
] as const;

const STREETS = ['Oak Street', 'Maple Avenue', 'Harbour Road', 'Station Lane', 'Park View', 'Mill Street'];

const ABOUTS = [
  'Product designer who likes clean dashboards and strong coffee.',
  'Full-stack engineer. Previously at a logistics start-up.',
  'Customer success lead; happiest when a ticket queue is empty.',
  'Data analyst turning spreadsheets into decisions.',
  'Marketing manager, weekend climber.',
  'Operations at heart: processes, checklists and calm.',
] as const;

/** Mostly active, some waiting for approval, a few banned or rejected. */
function pickStatus(random: Random): UserInsert['status'] {
  const r = random.next();
  if (r < 0.7) return 'active';
  if (r < 0.82) return 'pending';
  if (r < 0.92) return 'banned';
  return 'rejected';
}

type UserInsert = typeof users.$inferInsert;

/** A plausible user with profile details; the seed and the tests share it (STYLE.md §4). */
export function makeUser(
  random: Random,
  index: number,
  overrides: Partial<UserInsert> = {},
): Omit<UserInsert, 'passwordHash'> {
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const place = random.pick(PLACES);
  const handle = `${firstName}.${lastName}`.toLowerCase();
  return {
    email: `${handle}.${index}@example.com`,
    firstName,
    lastName,
    role: 'user',
    status: pickStatus(random),
    emailVerified: random.next() > 0.2,
    // Most demo people share their email with the other members, half their phone (issue 24 B).
    emailVisibility: index % 3 === 0 ? 'nobody' : 'members',
    phoneVisibility: index % 2 === 0 ? 'members' : 'nobody',
    phone: `+1 ${random.int(200, 989)}-${random.int(200, 999)}-${String(random.int(0, 9999)).padStart(4, '0')}`,
    company: random.pick(COMPANIES),
    country: place.country,
    state: place.state,
    city: place.city,
    zipCode: place.zip,
    address: `${random.int(1, 999)} ${random.pick(STREETS)}`,
    about: random.pick(ABOUTS),
    socialLinks: {
      facebook: `https://www.facebook.com/${handle}`,
      instagram: random.next() > 0.5 ? `https://www.instagram.com/${handle}` : '',
      linkedin: `https://www.linkedin.com/in/${handle}`,
      twitter: random.next() > 0.5 ? `https://x.com/${handle}` : '',
    },
    ...overrides,
  };
}
