/** Only the fields a request sent: a PATCH body without its `undefined` members. */
export const sentFields = <T extends object>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
