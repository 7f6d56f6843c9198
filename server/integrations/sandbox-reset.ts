/**
 * The local sandboxes' one extra operation (not the providers'): forget what an account holds, so
 * a demo or a test starts again from the seeded data. Only a sandbox store's client calls it.
 */
import { z } from 'zod';

export const sandboxResetAnswer = z.object({ reset: z.literal(true) });
