/** Response shapes every area shares. */
import { z } from 'zod';

/** What a DELETE answers: the row is gone (the envelope's info_list says which). */
export const deletedSchema = z.object({ deleted: z.literal(true) });
