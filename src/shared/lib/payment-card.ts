/**
 * Payment card checks for the demo payment form (`/payment`). Pure functions: the form validates with
 * them and sends nothing anywhere (this instance takes no real payments).
 */

/** The digits of a card number typed with spaces (or dashes) between groups; null if anything else is in it. */
export function cardDigits(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '');
  return /^\d+$/.test(compact) ? compact : null;
}

/** The Luhn (mod 10) checksum of a string of digits. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let digit = digits.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** 13 to 19 digits (spaces and dashes between them allowed) that pass the Luhn check. */
export function isValidCardNumber(value: string): boolean {
  const digits = cardDigits(value);
  return digits !== null && digits.length >= 13 && digits.length <= 19 && passesLuhn(digits);
}

/** `4242424242424242` → `4242 4242 4242 4242` (groups of four, at most 19 digits kept). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** `MM/YY` (also `M/YY`, `MM / YY`) as month and four-digit year; null when it is not a date. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is valid to the end of its expiry month: the current month still passes. */
export function isExpiryInPast(expiry: { month: number; year: number }, now: Date = new Date()): boolean {
  const currentYear = now.getFullYear();
  const currentMonth = now.getMonth() + 1;
  return expiry.year < currentYear || (expiry.year === currentYear && expiry.month < currentMonth);
}

export type ExpiryCheck = 'valid' | 'invalid' | 'past';

export function checkExpiry(value: string, now: Date = new Date()): ExpiryCheck {
  const expiry = parseExpiry(value);
  if (!expiry) return 'invalid';
  return isExpiryInPast(expiry, now) ? 'past' : 'valid';
}

/** 3 or 4 digits. */
export const isValidCvc = (value: string) => /^\d{3,4}$/.test(value.trim());

/** The last four digits, for a confirmation ("card ending 4242"); '' when there are none. */
export function lastFour(value: string): string {
  return value.replace(/\D/g, '').slice(-4);
}
