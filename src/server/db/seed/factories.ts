import type { NewUser } from '../../modules/account/account.repo.ts';
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

/** A plausible user; the seed and the tests share it (STYLE.md §4). */
export function makeUser(
  random: Random,
  index: number,
  overrides: Partial<NewUser> = {},
): Omit<NewUser, 'passwordHash'> {
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  return {
    email: `${firstName}.${lastName}.${index}@example.com`.toLowerCase(),
    firstName,
    lastName,
    role: 'user',
    emailVerified: random.next() > 0.2,
    ...overrides,
  };
}
