/** The client companies a warehouse user picks from (clients themselves never pick). */
import { useQuery } from '@tanstack/react-query';
import { companyPageSchema } from '../../../../domain/schemas/company';
import { getAs } from '../../../api/typed';
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
      const page = await getAs('/api/company', companyPageSchema, {
        query: { pageNumber: 1, pageSize: 200, sort: 'name', dir: 'asc' },
        background: true,
      });
      // The list holds clients only: the server leaves the warehouse's own company out.
      return page.content;
    },
  });
}
