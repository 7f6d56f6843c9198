/**
 * Batch verify as the ship step sees it (issue 20): the newest verification that covers the order —
 * of the order itself, or of a pick batch it is on. A batch holds several orders; its mismatches
 * are kept per product (key `company|productKey`, null for a code that is in nothing), so only
 * the ones naming one of this order's products make the order a mismatch. The spec has no
 * verify-before-ship setting, so "Not verified" ships as before, while a mismatch is refused (412,
 * in words) unless the desk confirms it explicitly (acceptMismatch).
 */
import { sql } from 'drizzle-orm';
import type { OrderVerification } from '../../../domain/schemas/fbm-ship.js';
import type { VerifyMismatch } from '../../../domain/schemas/fbm-pick.js';
import type { DbOrTx } from '../../db/client.js';
import { selectRows } from '../../db/rows.js';
import { businessRule } from '../../http/errors.js';

interface Row {
  subject_type: string;
  subject_ref: string;
  result: string;
  mismatches: VerifyMismatch[];
  verified_at: string | Date;
  user_name: string | null;
}

export async function orderVerification(db: DbOrTx, tenantId: number, orderId: number): Promise<OrderVerification> {
  const [v] = await selectRows<Row>(
    db,
    sql`select v.subject_type, v.subject_ref, v.result, v.mismatches, v.verified_at, u.username as user_name
        from batch_verifications v left join users u on u.id = v.user_id
        where v.tenant_id = ${tenantId}
          and ((v.subject_type = 'fbm_order' and v.subject_id = ${orderId})
            or (v.subject_type = 'pick_batch' and v.subject_id in
                 (select bl.batch_id from pick_batch_lines bl where bl.order_id = ${orderId} and bl.tenant_id = ${tenantId})))
        order by v.verified_at desc, v.id desc limit 1`,
  );
  if (!v) return { state: 'none', subjectType: null, ref: null, userName: null, at: null, mismatches: [] };
  let mismatches = v.result === 'mismatch' ? v.mismatches : [];
  if (v.subject_type === 'pick_batch' && mismatches.length) {
    const keys = await selectRows<{ key: string }>(
      db,
      sql`select distinct bl.company_id || '|' || bl.product_key as key from pick_batch_lines bl
          where bl.order_id = ${orderId} and bl.tenant_id = ${tenantId}`,
    );
    const mine = new Set(keys.map((k) => k.key));
    mismatches = mismatches.filter((m) => m.key !== null && mine.has(m.key));
  }
  return {
    state: mismatches.length ? 'mismatch' : 'verified',
    subjectType: v.subject_type,
    ref: v.subject_ref,
    userName: v.user_name,
    at: new Date(v.verified_at).toISOString(),
    mismatches: mismatches.map((m) => m.message),
  };
}

/** Refuses to ship an order batch verify found wrong, unless the desk confirmed it. */
export async function refuseUnconfirmedMismatch(
  db: DbOrTx,
  tenantId: number,
  orderId: number,
  accepted: boolean | undefined,
) {
  if (accepted) return;
  const v = await orderVerification(db, tenantId, orderId);
  if (v.state === 'mismatch')
    throw businessRule(
      `Batch verify of ${v.ref} found a mismatch (${v.mismatches.join('; ')}): recount it, or confirm to ship it anyway`,
    );
}
