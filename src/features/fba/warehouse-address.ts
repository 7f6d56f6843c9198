/** The warehouse's own address, read once to prefill a plan's ship-from (empty where the warehouse has none). */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { isClientAudience } from '../../../domain/enums';
import { companyDetailSchema, warehouseRowSchema } from '../../../domain/schemas/company';
import { warehouseShipFromSchema, type WarehouseShipFrom } from '../../../domain/schemas/fba';
import { getAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { emptyShipFrom, shipFromWarehouse, type ShipFromDraft } from './ship-from';

/** The warehouse's default ship-from (GET …/batch/ship-from) as a draft. */
export const draftOfWarehouseShipFrom = (a: WarehouseShipFrom): ShipFromDraft => ({
  ...emptyShipFrom,
  name: a.name,
  addressLine1: a.addressLine1,
  addressLine2: a.addressLine2 ?? '',
  city: a.city,
  stateOrProvinceCode: a.stateOrProvinceCode ?? '',
  postalCode: a.postalCode,
  countryCode: a.countryCode,
  phoneNumber: a.phoneNumber ?? '',
});

export const SHIP_FROM = '/api/outbound/outbound-shipping/batch/ship-from';

export function useWarehouseShipFrom(): { data: ShipFromDraft | undefined; pending: boolean } {
  const user = useSession((s) => s.user);
  // A client user's own company is the seller, not the warehouse: only the sites apply to it.
  const staffCompany = user && !isClientAudience(user.audience) ? user.companyId : null;
  const q = useQuery({
    queryKey: ['fba-ship-from', staffCompany],
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const opts = { quiet: true, background: true } as const;
      // A client reads only its warehouse's default ship-from address (the sites are the warehouse's).
      if (!staffCompany)
        return getAs(SHIP_FROM, warehouseShipFromSchema, opts)
          .then(draftOfWarehouseShipFrom)
          .catch(() => ({ ...emptyShipFrom }));
      const [sites, company] = await Promise.all([
        getAs('/api/company/warehouse', z.array(warehouseRowSchema), opts).catch(() => []),
        staffCompany ? getAs(`/api/company/${staffCompany}`, companyDetailSchema, opts).catch(() => null) : null,
      ]);
      return shipFromWarehouse(sites, company);
    },
  });
  return { data: q.data, pending: q.isPending };
}
