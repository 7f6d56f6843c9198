/**
 * The client a workspace route names by account number: for warehouse users one of their clients
 * (the same list the other desk screens pick from), for a client user always its own company.
 */
import { isClientAudience } from '../../../domain/enums';
import { useSession } from '../../app/session';
import { useClientOptions, type ClientOption } from '../inbound/purchase-orders/clients';

export type ClientLookup =
  | { state: 'loading' }
  | { state: 'error'; error: unknown }
  | { state: 'missing' }
  | { state: 'found'; client: ClientOption };

export function useOwnClient(): ClientOption | null {
  const user = useSession((s) => s.user);
  if (!user || !isClientAudience(user.audience)) return null;
  return { id: user.companyId, name: user.companyName, accountNo: user.accountNo };
}

export function useClientByAccount(accountNo: string): ClientLookup {
  const own = useOwnClient();
  const options = useClientOptions();
  if (own) return own.accountNo === accountNo ? { state: 'found', client: own } : { state: 'missing' };
  if (options.isPending) return { state: 'loading' };
  if (options.isError) return { state: 'error', error: options.error };
  const client = options.data.find((c) => c.accountNo === accountNo);
  return client ? { state: 'found', client } : { state: 'missing' };
}

/** The route segment of a client: its account number ('-' when it has none, as the dock screens do). */
export const accountSegment = (c: Pick<ClientOption, 'accountNo'>): string => c.accountNo ?? '-';
