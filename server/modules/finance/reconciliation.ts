/**
 * Money reconciliation (issue 39, decision 0019; /apps/finance/reconciliation): per client and
 * period, the identities of domain/schemas/reconciliation.ts, each side summed from its own table
 * — charges from the ledger, draws and payments from finance_transactions, invoice totals from
 * invoices — so a line billed twice, a draw without its charge or a payment on no invoice shows
 * as a difference. Warehouse only. Set-based: one grouped query per table, whatever the number of
 * clients (decision 0019 has the bench figure).
 */
import { sql } from 'drizzle-orm';
import { parsePeriod, type Period } from '../../../domain/schemas/invoices.js';
import type { Reconciliation, ReconciliationClient } from '../../../domain/schemas/reconciliation.js';
import type { DbOrTx } from '../../db/client.js';
import { selectRows } from '../../db/rows.js';
import { readTenantSetting } from '../../db/tenant-settings.js';
import { badRequest } from '../../http/errors.js';

type Sums = Record<string, string | number | null> & { company_id: number };

const n = (v: unknown) => Number(v ?? 0);

export async function reconcile(
  db: DbOrTx,
  tenantId: number,
  input: { month?: string; from?: string; to?: string; companyId?: number },
): Promise<Reconciliation> {
  const parsed = parsePeriod(input);
  if (!parsed.ok) throw badRequest(parsed.message);
  const period: Period = parsed.period;
  const company = input.companyId === undefined ? sql`true` : sql`company_id = ${input.companyId}`;
  const day = (column: string) =>
    sql`(${sql.raw(column)} at time zone 'UTC')::date between ${period.from}::date and ${period.to}::date`;

  const [charged, moneyRows, invoiceRows, balances, clients, currency] = await Promise.all([
    selectRows<Sums>(
      db,
      sql`select company_id,
            sum(amount_cents) as charged,
            sum(amount_cents) filter (where invoice_id is not null) as invoiced,
            sum(amount_cents) filter (where invoice_id is null and settled_by = 'invoice') as awaiting,
            sum(amount_cents) filter (where settled_by = 'funds') as from_funds
          from charges
          where tenant_id = ${tenantId} and ${company}
            and service_date between ${period.from}::date and ${period.to}::date
          group by company_id`,
    ),
    selectRows<Sums>(
      db,
      sql`select company_id,
            sum(case when kind = 'label_purchase' then amount_cents when kind = 'label_refund' then -amount_cents else 0 end) as draws,
            sum(case when kind in ('payment', 'deposit') then amount_cents when kind = 'refund' then -amount_cents else 0 end) as received,
            sum(case when kind = 'payment' and invoice_id is not null then amount_cents
                     when kind = 'refund' and invoice_id is not null then -amount_cents else 0 end) as invoice_payments,
            sum(case when kind = 'deposit' then amount_cents
                     when kind = 'refund' and category = 'DEPOSIT' then -amount_cents else 0 end) as top_ups
          from finance_transactions
          where tenant_id = ${tenantId} and ${company} and status = 'succeeded' and ${day('created_at')}
          group by company_id`,
    ),
    // The invoices of the period, and what they claimed and were paid, each from its own table.
    selectRows<Sums>(
      db,
      sql`select i.company_id, count(*) as invoices,
            sum(i.subtotal_cents) - sum((select coalesce(sum(c.amount_cents), 0) from charges c
                                          where c.invoice_id = i.id)) as lines_difference,
            sum(i.paid_cents) - sum((select coalesce(sum(case when t.kind = 'refund' then -t.amount_cents else t.amount_cents end), 0)
                                     from finance_transactions t
                                     where t.invoice_id = i.id and t.status = 'succeeded'
                                       and t.kind in ('payment', 'refund'))) as paid_difference
          from invoices i
          where i.tenant_id = ${tenantId} and ${company} and i.status <> 'void'
            and i.period_end between ${period.from}::date and ${period.to}::date
          group by i.company_id`,
    ),
    selectRows<Sums>(
      db,
      sql`select company_id,
            sum(case when kind in ('deposit', 'label_refund') then amount_cents else -amount_cents end) as balance
          from finance_transactions
          where tenant_id = ${tenantId} and ${company} and status = 'succeeded' and category in ('DEPOSIT', 'SHIPPING')
          group by company_id`,
    ),
    selectRows<{ id: number; name: string; account_no: string }>(
      db,
      sql`select id, name, account_no from companies
          where tenant_id = ${tenantId} and not is_owner and ${input.companyId === undefined ? sql`true` : sql`id = ${input.companyId}`}
          order by name, id`,
    ),
    readTenantSetting(db, tenantId, 'CURRENCY'),
  ]);

  const by = (rows: Sums[]) => new Map(rows.map((r) => [Number(r.company_id), r]));
  const [c, m, inv, bal] = [by(charged), by(moneyRows), by(invoiceRows), by(balances)];
  const out: ReconciliationClient[] = [];
  for (const client of clients) {
    const id = Number(client.id);
    if (!c.has(id) && !m.has(id) && !inv.has(id) && !bal.has(id)) continue;
    const ch = c.get(id) ?? ({} as Partial<Sums>);
    const mo = m.get(id) ?? ({} as Partial<Sums>);
    const iv = inv.get(id) ?? ({} as Partial<Sums>);
    const row: ReconciliationClient = {
      companyId: id,
      companyName: client.name,
      accountNo: client.account_no,
      chargedCents: n(ch.charged),
      invoicedCents: n(ch.invoiced),
      awaitingInvoiceCents: n(ch.awaiting),
      fromFundsCents: n(ch.from_funds),
      fundsDrawsCents: n(mo.draws),
      chargesDifferenceCents: n(ch.charged) - n(ch.invoiced) - n(ch.awaiting) - n(mo.draws),
      receivedCents: n(mo.received),
      invoicePaymentsCents: n(mo.invoice_payments),
      fundsTopUpsCents: n(mo.top_ups),
      paymentsDifferenceCents: n(mo.received) - n(mo.invoice_payments) - n(mo.top_ups),
      invoiceCount: n(iv.invoices),
      invoiceLinesDifferenceCents: n(iv.lines_difference),
      invoicePaidDifferenceCents: n(iv.paid_difference),
      fundsBalanceCents: n(bal.get(id)?.balance),
      balanced: false,
    };
    row.balanced =
      row.chargesDifferenceCents === 0 &&
      row.paymentsDifferenceCents === 0 &&
      row.invoiceLinesDifferenceCents === 0 &&
      row.invoicePaidDifferenceCents === 0;
    out.push(row);
  }
  return {
    period,
    currency: String(currency),
    clients: out,
    unbalancedCount: out.filter((r) => !r.balanced).length,
  };
}
