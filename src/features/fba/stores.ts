/** A client's Amazon stores, for the plan's store choice (only a connected store can take a plan). */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { isAmazon, storeRowSchema } from '../../../domain/schemas/stores';
import { getAs } from '../../api/typed';
import { keys } from './api';

export function useAmazonStores(companyId: number) {
  return useQuery({
    queryKey: keys.stores(companyId),
    queryFn: async () =>
      (
        await getAs('/api/common/stores', z.array(storeRowSchema), {
          query: { companyId },
          quiet: true,
          background: true,
        })
      ).filter((s) => s.companyId === companyId && isAmazon(s.marketplace)),
  });
}
