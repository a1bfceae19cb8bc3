/**
 * Amounts as a form field holds them (units, "12.50") and as the API takes them (integer cents). One
 * meaning of an empty field everywhere (ADR 038): empty is "no value", `null`. An optional amount sends
 * that null (a product's price before the sale) or the API's own "none" (`?? 0` for a discount's minimum
 * subtotal, an invoice's shipping); a required amount sends it as it is, and the shared schema refuses it
 * with the field's validation message (`validation.priceInvalid`, `validation.amountInvalid`…), the same
 * message a typed non-number gets.
 */

/** Cents as a form field shows them, in units ("12.50"); '' for no value. */
export const centsToInput = (cents: number | null | undefined): string =>
  cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);

/** A typed amount in units as cents: null when empty, NaN when not a number (the shared schema refuses it). */
export function inputToCents(text: string): number | null {
  if (text.trim() === '') return null;
  const units = Number(text.trim());
  return Number.isFinite(units) ? Math.round(units * 100) : Number.NaN;
}

/**
 * A required amount as cents: an empty field is NaN here (not null) only so the payload keeps its type; the
 * shared schema refuses both alike, with the field's validation message.
 */
export const requiredCents = (text: string): number => inputToCents(text) ?? Number.NaN;
