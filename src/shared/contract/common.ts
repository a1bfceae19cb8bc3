import { z } from 'zod';

/** Every error the API returns has this shape (ARCHITECTURE.md §4). */
export const errorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
});
export type ApiErrorBody = z.infer<typeof errorSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
