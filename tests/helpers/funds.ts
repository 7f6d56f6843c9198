/** Label funds a client topped up earlier (the card flow itself is tested in finance.test.ts). */
import { financeTransactions } from '../../server/db/schema/index.js';
import type { TestServer } from './server.js';

let seq = 0;

export async function topUpFunds(s: TestServer, tenantId: number, companyId: number, amountCents: number) {
  await s.db.insert(financeTransactions).values({
    tenantId,
    companyId,
    kind: 'deposit',
    category: 'DEPOSIT',
    method: 'card',
    amountCents,
    currency: 'USD',
    status: 'succeeded',
    processorRef: `cs_test_topup_${companyId}_${++seq}_${Date.now()}`,
    note: 'Top-up (test fixture)',
  });
}
