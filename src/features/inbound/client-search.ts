/** The clients an account picker offers (not the warehouse's own company), matched by name or account number. */
import type { CompanyRow } from '../../../domain/sync-protocol';

export function matchingClients<C extends Pick<CompanyRow, 'name' | 'accountNo' | 'audience' | 'isOwner'>>(
  companies: readonly C[],
  q: string,
): C[] {
  const needle = q.trim().toLowerCase();
  return companies
    .filter((c) => !c.isOwner && c.audience !== 'Warehouse')
    .filter(
      (c) => !needle || c.name.toLowerCase().includes(needle) || (c.accountNo ?? '').toLowerCase().includes(needle),
    );
}
