import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that validates what will be SENT, not the form's raw values: `toPayload`
 * picks the fields the request takes (dropping an empty optional password, a confirmation field…) and the
 * shared contract schema checks them with zodResolver, so client and server apply the same rules (a strict
 * schema also proves no other field is sent). Issue paths are the form's field names. `extraCheck` adds
 * form-only rules (a confirmation that must match). On success the form's own values are passed on; the
 * submit handler builds the payload with the same `toPayload`.
 */
export function payloadResolver<V extends FieldValues>(
  schema: z.ZodType,
  toPayload: (values: V) => unknown,
  extraCheck?: (values: V) => Partial<Record<string, string>>,
): Resolver<V> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<FieldValues>;
  return async (values, context, options) => {
    const result = await resolve(toPayload(values) as FieldValues, context, options as never);
    const errors: Record<string, unknown> = { ...result.errors };
    for (const [name, message] of Object.entries(extraCheck?.(values) ?? {})) {
      if (message && !errors[name]) errors[name] = { type: 'validate', message };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors: errors as FieldErrors<V> };
    return { values, errors: {} };
  };
}

/** Only the keys of `payload` whose form field was changed (PATCH sends what changed). */
export function pickDirty<T extends object>(payload: T, dirty: Partial<Record<string, unknown>>): Partial<T> {
  return Object.fromEntries(Object.entries(payload).filter(([key]) => Boolean(dirty[key]))) as Partial<T>;
}
