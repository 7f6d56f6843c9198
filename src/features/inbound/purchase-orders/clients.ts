/** The client companies a warehouse user picks from (clients themselves never pick). */
import { useQuery } from '@tanstack/react-query';
import type { Page } from '../../../../domain/paging';
import { get } from '../../../api/client';
import { useSession } from '../../../app/session';

export interface ClientOption {
  id: number;
  name: string;
  accountNo: string | null;
}

export const isWarehouseUser = (audience: string | undefined): boolean => audience === 'Warehouse';

export function useClientOptions() {
  const audience = useSession((s) => s.user?.audience);
  return useQuery({
    queryKey: ['client-options'],
    enabled: isWarehouseUser(audience),
    staleTime: 60_000,
    queryFn: async () => {
      const page = await get<Page<ClientOption & { isOwner?: boolean }>>('/api/company', {
        query: { pageNumber: 1, pageSize: 200, sort: 'name', dir: 'asc' },
        background: true,
      });
      return page.content.filter((c) => !c.isOwner);
    },
  });
}
