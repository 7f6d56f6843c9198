import { describe, expect, it } from 'vitest';
import { normalisePageNumber, normalisePageSize, pageCount, pageOffset, pageRequest } from '../../domain/paging.js';

describe('paging rules (spec §5, §9)', () => {
  it('page number is at least 1, else 1', () => {
    expect(normalisePageNumber('3')).toBe(3);
    expect(normalisePageNumber('0')).toBe(1);
    expect(normalisePageNumber('-4')).toBe(1);
    expect(normalisePageNumber('abc')).toBe(1);
    expect(normalisePageNumber(undefined)).toBe(1);
  });
  it('page size defaults to 5, is 20 for a non-number, and snaps to the offered choices', () => {
    expect(normalisePageSize(undefined)).toBe(5);
    expect(normalisePageSize('')).toBe(5);
    expect(normalisePageSize('abc')).toBe(20);
    expect(normalisePageSize('10')).toBe(10);
    expect(normalisePageSize('7')).toBe(10);
    expect(normalisePageSize('200')).toBe(200);
    expect(normalisePageSize('5000')).toBe(200);
    expect(normalisePageSize('0')).toBe(5);
  });
  it('offset and page count', () => {
    expect(pageOffset(pageRequest({ pageNumber: '3', pageSize: '10' }))).toBe(20);
    expect(pageCount(0, 5)).toBe(1);
    expect(pageCount(11, 5)).toBe(3);
  });
});
