/** Paging rules of spec §5 and §9. */
import { z } from 'zod';
import { PAGE_SIZES } from './enums.js';

export const DEFAULT_PAGE_SIZE = 5;
export const NON_NUMERIC_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;

export interface PageRequest {
  pageNumber: number;
  pageSize: number;
}

export interface Page<T> {
  content: T[];
  pageNumber: number;
  pageSize: number;
  totalElements: number;
}

/** pageNumber: at least 1, else 1. */
export function normalisePageNumber(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : Number.parseInt(String(raw ?? ''), 10);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1;
}

/**
 * pageSize: missing → 5; not a number → 20; a number → the nearest allowed choice at or
 * above it (capped at 200), so a page never grows past what the grid footer offers.
 */
export function normalisePageSize(raw: unknown): number {
  if (raw === undefined || raw === null || raw === '') return DEFAULT_PAGE_SIZE;
  const n = typeof raw === 'number' ? raw : Number(String(raw));
  if (!Number.isFinite(n)) return NON_NUMERIC_PAGE_SIZE;
  if (n < 1) return DEFAULT_PAGE_SIZE;
  return PAGE_SIZES.find((s) => s >= n) ?? MAX_PAGE_SIZE;
}

export function pageRequest(query: { pageNumber?: unknown; pageSize?: unknown }): PageRequest {
  return { pageNumber: normalisePageNumber(query.pageNumber), pageSize: normalisePageSize(query.pageSize) };
}

export const pageOffset = (p: PageRequest): number => (p.pageNumber - 1) * p.pageSize;

export const pageCount = (totalElements: number, pageSize: number): number =>
  Math.max(1, Math.ceil(totalElements / pageSize));

/** The response schema of one page of `item`s (spec §5's page shape). */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalElements: z.number().int(),
  });
