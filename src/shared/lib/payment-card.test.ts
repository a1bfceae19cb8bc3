import { describe, expect, it } from 'vitest';

import {
  cardDigits,
  checkExpiry,
  formatCardNumber,
  isExpiryInPast,
  isValidCardNumber,
  isValidCvc,
  lastFour,
  parseExpiry,
  passesLuhn,
} from './payment-card.ts';

describe('card number', () => {
  it.each([
    '4242424242424242',
    '4242 4242 4242 4242',
    ' 4242-4242-4242-4242 ',
    '5555555555554444', // Mastercard test number
    '378282246310005', // Amex, 15 digits
    '4222222222222', // 13 digits
    '6011111111111117',
    '4000000000000000006', // 19 digits
  ])('accepts %s', (value) => {
    expect(isValidCardNumber(value)).toBe(true);
  });

  it.each([
    ['a failed checksum', '4242424242424241'],
    ['too short', '424242424242'],
    ['too long', '42424242424242424242'],
    ['letters', '4242 4242 4242 424a'],
    ['empty', ''],
    ['only spaces', '    '],
    ['dots', '4242.4242.4242.4242'],
  ])('rejects %s', (_label, value) => {
    expect(isValidCardNumber(value)).toBe(false);
  });

  it('computes Luhn on digits only', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('')).toBe(false);
    expect(cardDigits('4242 4242')).toBe('42424242');
    expect(cardDigits('42x')).toBeNull();
  });

  it('formats in groups of four and gives the last four digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42a4')).toBe('4242 424');
    expect(formatCardNumber('1'.repeat(25))).toHaveLength(19 + 4);
    expect(lastFour('4242 4242 4242 1234')).toBe('1234');
  });
});

describe('expiry', () => {
  const now = new Date(2026, 4, 15); // 15 May 2026

  it('parses MM/YY', () => {
    expect(parseExpiry('05/27')).toEqual({ month: 5, year: 2027 });
    expect(parseExpiry('5 / 27')).toEqual({ month: 5, year: 2027 });
    expect(parseExpiry('13/27')).toBeNull();
    expect(parseExpiry('00/27')).toBeNull();
    expect(parseExpiry('05/2027')).toBeNull();
    expect(parseExpiry('0527')).toBeNull();
    expect(parseExpiry('')).toBeNull();
  });

  it('accepts the current month and later, rejects earlier months', () => {
    expect(checkExpiry('05/26', now)).toBe('valid');
    expect(checkExpiry('12/26', now)).toBe('valid');
    expect(checkExpiry('01/30', now)).toBe('valid');
    expect(checkExpiry('04/26', now)).toBe('past');
    expect(checkExpiry('12/25', now)).toBe('past');
    expect(checkExpiry('ab/cd', now)).toBe('invalid');
    expect(isExpiryInPast({ month: 1, year: 2027 }, now)).toBe(false);
  });
});

describe('cvc', () => {
  it('takes 3 or 4 digits', () => {
    expect(isValidCvc('123')).toBe(true);
    expect(isValidCvc('1234')).toBe(true);
    expect(isValidCvc('12')).toBe(false);
    expect(isValidCvc('12345')).toBe(false);
    expect(isValidCvc('12a')).toBe(false);
  });
});
