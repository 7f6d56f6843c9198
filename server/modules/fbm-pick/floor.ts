/**
 * The picker's handheld sends its picks through the outbox (`fbmPick.record`, decision 0003): the
 * same pick the REST route records, in the push's transaction, under the pick's own id — so a
 * replayed mutation (a lost answer, a second tab) answers what the first did and picks nothing twice.
 */
import type { FbmPickArgs, FbmPickResult } from '../../../domain/schemas/fbm-pick.js';
import type { MutationMeta, RequestContext } from '../../context.js';
import { can } from '../../../domain/permissions.js';
import type { DbOrTx } from '../../db/client.js';
import { forbidden } from '../../http/errors.js';
import { pickInTx } from './batches.js';

export async function pickFromFloor(
  tx: DbOrTx,
  ctx: RequestContext,
  args: FbmPickArgs,
  meta: MutationMeta,
): Promise<FbmPickResult> {
  // The same right the REST route's guard asks for (update on the FBM or the merchant-fulfilment desk).
  if (!can(ctx.abilities, 'update', 'fbm') && !can(ctx.abilities, 'update', 'mfn'))
    throw forbidden('You need update permission on Merchant fulfilment (mfn) to pick');
  const out = await pickInTx(
    tx,
    ctx,
    args.batchId,
    {
      pickId: args.id,
      batchLineId: args.batchLineId,
      location: args.location,
      productCode: args.productCode ?? undefined,
      quantity: args.quantity,
      short: args.short,
      reason: args.reason ?? undefined,
    },
    { deviceId: meta.deviceId, at: args.pickedAt },
  );
  return { ...out, pickId: args.id };
}
