/**
 * What a client may plan at the FBA prep station (GET …/batch/available): the grid pages through
 * it, and each line's ceiling is read for exactly the plan's products (`productIds`, at most a
 * page of 200 ids a request), so a client with thousands of products still gets every line
 * checked. Both share the grid's cache key prefix, so a save that holds units refreshes them together.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '../../../domain/paging';
import { availabilityPageSchema } from '../../../domain/schemas/fba';
import { getAs } from '../../api/typed';
import { AVAILABLE, keys } from './api';

export const fetchAvailable = (
  companyId: number,
  q: { pageNumber: number; pageSize: number; q?: string; productIds?: readonly number[]; storeId?: number | null },
  /** The station's endpoint: PREP-FBA's by default, PREP-WFS's for WFS plans. */
  endpoint: string = AVAILABLE,
) =>
  getAs(endpoint, availabilityPageSchema, {
    query: {
      companyId,
      pageNumber: q.pageNumber,
      pageSize: q.pageSize,
      q: q.q,
      productIds: q.productIds?.length ? q.productIds.join(',') : undefined,
      storeId: q.storeId ?? undefined,
    },
    background: true,
  });

/** The ids in requests of at most one page each. */
export const idChunks = (ids: readonly number[], size = MAX_PAGE_SIZE): number[][] => {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const chunks: number[][] = [];
  for (let i = 0; i < sorted.length; i += size) chunks.push(sorted.slice(i, i + size));
  return chunks;
};

/** Units free to plan per product of the plan's lines (on hand minus what any plan holds). */
export function useAvailableIndex(
  companyId: number,
  productIds: readonly number[],
  endpoint: string = AVAILABLE,
  gridId: string = keys.availableGrid(companyId),
): ReadonlyMap<number, number> {
  const chunks = idChunks(productIds);
  const index = useQuery({
    queryKey: [gridId, 'index', chunks.flat().join(',')],
    queryFn: async () => {
      const pages = await Promise.all(
        chunks.map((ids) =>
          fetchAvailable(companyId, { pageNumber: 1, pageSize: MAX_PAGE_SIZE, productIds: ids }, endpoint),
        ),
      );
      return new Map(pages.flatMap((p) => p.content.map((r) => [r.productId, r.available] as const)));
    },
    enabled: chunks.length > 0,
    // Adding a line asks again for the new set; the ceilings known meanwhile stay.
    placeholderData: keepPreviousData,
  });
  return chunks.length ? (index.data ?? EMPTY) : EMPTY;
}
const EMPTY: ReadonlyMap<number, number> = new Map();
