/** Cents as a form field shows them, in units ("12.50"); '' for none. */
export const centsToInput = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

/** A typed amount in units as cents (NaN when empty or not a number: the shared schema then refuses it). */
export const inputToCents = (text: string) =>
  text.trim() === '' ? Number.NaN : Math.round(Number.parseFloat(text) * 100);
