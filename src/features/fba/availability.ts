/**
 * What a client may plan at the FBA prep station (GET …/batch/available): the grid pages through
 * it, and an index of the first 200 products gives each line its ceiling. Both share the grid's
 * cache key prefix, so a save that holds units refreshes them together.
 */
import { useQuery } from '@tanstack/react-query';
import { availabilityPageSchema } from '../../../domain/schemas/fba';
import { getAs } from '../../api/typed';
import { AVAILABLE, keys } from './api';

const INDEX_SIZE = 200;

export const fetchAvailable = (companyId: number, q: { pageNumber: number; pageSize: number; q?: string }) =>
  getAs(AVAILABLE, availabilityPageSchema, {
    query: { companyId, pageNumber: q.pageNumber, pageSize: q.pageSize, q: q.q },
    background: true,
  });

/** Units free to plan per product (on hand minus what any plan holds). */
export function useAvailableIndex(companyId: number): ReadonlyMap<number, number> {
  const index = useQuery({
    queryKey: [keys.availableGrid(companyId), 'index'],
    queryFn: async () => {
      const page = await fetchAvailable(companyId, { pageNumber: 1, pageSize: INDEX_SIZE });
      return new Map(page.content.map((r) => [r.productId, r.available]));
    },
  });
  return index.data ?? EMPTY;
}
const EMPTY: ReadonlyMap<number, number> = new Map();
