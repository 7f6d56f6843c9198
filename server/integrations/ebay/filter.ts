/**
 * getOrders' `filter` grammar, written and read in one place: comma-separated criteria,
 * `creationdate:[from..to]` and `lastmodifieddate:[from..to]` (ISO 8601 UTC, either end open) and
 * `orderfulfillmentstatus:{A|B}`. eBay supports only the status sets {NOT_STARTED|IN_PROGRESS}
 * (still to ship) and {FULFILLED|IN_PROGRESS} (shipped at least in part).
 */
export interface DateRange {
  from?: Date;
  to?: Date;
}

export const OPEN_ORDERS = ['NOT_STARTED', 'IN_PROGRESS'] as const;
export const SHIPPED_ORDERS = ['FULFILLED', 'IN_PROGRESS'] as const;

export interface EbayOrderFilter {
  creationDate?: DateRange;
  lastModifiedDate?: DateRange;
  fulfillmentStatus?: readonly string[];
}

const range = (r: DateRange) => `[${r.from?.toISOString() ?? ''}..${r.to?.toISOString() ?? ''}]`;

/** The `filter` query value (URL encoding is the HTTP layer's). */
export function ebayFilter(f: EbayOrderFilter): string | undefined {
  const parts = [
    f.creationDate && `creationdate:${range(f.creationDate)}`,
    f.lastModifiedDate && `lastmodifieddate:${range(f.lastModifiedDate)}`,
    f.fulfillmentStatus && `orderfulfillmentstatus:{${f.fulfillmentStatus.join('|')}}`,
  ].filter(Boolean);
  return parts.length ? parts.join(',') : undefined;
}

export type ParsedFilter = { ok: true; filter: EbayOrderFilter } | { ok: false; name: string; value: string };

/** Reads a `filter` value; a criterion it does not know, or a malformed value, is named. */
export function parseEbayFilter(text: string): ParsedFilter {
  const filter: EbayOrderFilter = {};
  for (const part of text.split(',').filter((p) => p.trim())) {
    const at = part.indexOf(':');
    const name = (at < 0 ? part : part.slice(0, at)).trim().toLowerCase();
    const value = at < 0 ? '' : part.slice(at + 1).trim();
    if (name === 'creationdate' || name === 'lastmodifieddate') {
      const m = /^\[(.*?)\.\.(.*)\]$/.exec(value);
      const from = m?.[1] ? new Date(m[1]) : undefined;
      const to = m?.[2] ? new Date(m[2]) : undefined;
      if (!m || !m[1] || Number.isNaN(from!.getTime()) || (to && Number.isNaN(to.getTime())))
        return { ok: false, name, value };
      filter[name === 'creationdate' ? 'creationDate' : 'lastModifiedDate'] = { from, to };
    } else if (name === 'orderfulfillmentstatus') {
      const m = /^\{([A-Z_|]+)\}$/.exec(value);
      const statuses = m?.[1].split('|') ?? [];
      if (!statuses.length || statuses.some((s) => !['NOT_STARTED', 'IN_PROGRESS', 'FULFILLED'].includes(s)))
        return { ok: false, name, value };
      filter.fulfillmentStatus = statuses;
    } else return { ok: false, name, value };
  }
  return { ok: true, filter };
}
