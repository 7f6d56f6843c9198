/** The response envelope of spec §3/§8: every API answer is `{meta, body}`. */
import { z } from 'zod';

/**
 * One message of a list. A refusal may carry its message code (`refusals.locationExists`,
 * `validation.required`) and the field it is about (issue 41); `message` is always its words in
 * the request's language.
 */
export const messageSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const metaSchema = z.object({
  error_list: z.array(messageSchema),
  info_list: z.array(messageSchema),
  warn_list: z.array(messageSchema),
});
export type Meta = z.infer<typeof metaSchema>;

export interface Envelope<T> {
  meta: Meta;
  body: T;
}

export const emptyMeta = (): Meta => ({ error_list: [], info_list: [], warn_list: [] });

export function envelope<T>(body: T, meta: Partial<Meta> = {}): Envelope<T> {
  return { meta: { ...emptyMeta(), ...meta }, body };
}

export const envelopeSchema = <T extends z.ZodType>(body: T) => z.object({ meta: metaSchema, body });
