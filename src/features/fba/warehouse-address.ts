/** The warehouse's own address, read once to prefill a plan's ship-from (empty where the warehouse has none). */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { isClientAudience } from '../../../domain/enums';
import { companyDetailSchema, warehouseRowSchema } from '../../../domain/schemas/company';
import { getAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { shipFromWarehouse, type ShipFromDraft } from './ship-from';

export function useWarehouseShipFrom(): { data: ShipFromDraft | undefined; pending: boolean } {
  const user = useSession((s) => s.user);
  // A client user's own company is the seller, not the warehouse: only the sites apply to it.
  const staffCompany = user && !isClientAudience(user.audience) ? user.companyId : null;
  const q = useQuery({
    queryKey: ['fba-ship-from', staffCompany],
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const opts = { quiet: true, background: true } as const;
      const [sites, company] = await Promise.all([
        getAs('/api/company/warehouse', z.array(warehouseRowSchema), opts).catch(() => []),
        staffCompany ? getAs(`/api/company/${staffCompany}`, companyDetailSchema, opts).catch(() => null) : null,
      ]);
      return shipFromWarehouse(sites, company);
    },
  });
  return { data: q.data, pending: q.isPending };
}
