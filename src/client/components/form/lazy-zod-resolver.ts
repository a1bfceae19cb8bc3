import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export type LazyResolver<V extends FieldValues> = Resolver<V> & {
  /** Starts loading the schema (call it when the user reaches the form, e.g. on its first focus). */
  preload: () => void;
};

/**
 * A react-hook-form resolver for a shared contract schema that loads the schema, zod and the zod resolver
 * (together ~25 KiB gzip) on first use instead of with the page: the sign-in page paints without them.
 * Validation is the same `zodResolver(schema)` as before, so client and server still apply the same rules.
 *
 *   const resolver = lazyZodResolver<LoginInput>(() => import('#shared/contract/account.ts').then((m) => m.loginInput));
 */
export function lazyZodResolver<V extends FieldValues>(
  loadSchema: () => Promise<z.ZodType>,
): LazyResolver<V> {
  let loading: Promise<Resolver<V>> | undefined;
  const load = () =>
    (loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<V>,
    ));
  const resolver: Resolver<V> = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      // A failed load is retried by the next validation.
      load().catch(() => (loading = undefined));
    },
  });
}
