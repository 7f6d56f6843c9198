/**
 * Server side of the floor mutations: name → (args schema, apply). `apply` is the same service
 * function the REST route calls; it runs inside the push's transaction for that mutation.
 */
import type { z } from 'zod';
import { itemScanArgsSchema, packageScanArgsSchema, receiveBatchCloseArgsSchema, receiveBatchOpenArgsSchema } from '../../domain/schemas/ship.js';
import { scanItem } from '../modules/inbound/item-scan.js';
import type { RequestContext } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import { closeReceiveBatch, openReceiveBatch, scanPackage, type MutationMeta } from '../modules/inbound/receiving.js';

interface Handler<S extends z.ZodType> {
  args: S;
  apply: (tx: DbOrTx, ctx: RequestContext, args: z.infer<S>, meta: MutationMeta) => Promise<unknown>;
}

const handler = <S extends z.ZodType>(h: Handler<S>) => h as unknown as Handler<z.ZodType>;

export const SERVER_MUTATIONS: Record<string, Handler<z.ZodType>> = {
  'packageReceiveBatch.open': handler({ args: receiveBatchOpenArgsSchema, apply: (tx, ctx, args) => openReceiveBatch(tx, ctx, args) }),
  'packageReceiveBatch.close': handler({ args: receiveBatchCloseArgsSchema, apply: (tx, ctx, args) => closeReceiveBatch(tx, ctx, args) }),
  'package.scan': handler({ args: packageScanArgsSchema, apply: scanPackage }),
  'item.scan': handler({ args: itemScanArgsSchema, apply: scanItem }),
};
