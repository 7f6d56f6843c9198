/**
 * Locations and LPNs on the floor devices (replica tables `locations` and `lpns`, keyed by code,
 * warehouse only). A service that changed some of them names their codes — old and new codes on a
 * rename — and this records each one's current row, or a tombstone when it no longer exists.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LocationRow } from '../../domain/schemas/locations.js';
import type { LpnRow } from '../../domain/schemas/lpn.js';
import type { DbOrTx } from '../db/client.js';
import { lpns, warehouseLocations } from '../db/schema/index.js';
import { recordChanges, type Change } from './changes.js';

const CHUNK = 5000;

function toChanges(table: 'locations' | 'lpns', codes: string[], found: Map<string, LocationRow | LpnRow>): Change[] {
  return codes.map((code) => {
    const row = found.get(code);
    return row
      ? { table, key: code, op: 'put', companyId: null, row: { ...row } }
      : { table, key: code, op: 'delete', companyId: null, row: null };
  });
}

export async function recordLocationChanges(tx: DbOrTx, tenantId: number, codes: Iterable<string>): Promise<void> {
  const unique = [...new Set(codes)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const chunk = unique.slice(i, i + CHUNK);
    const rows = await tx
      .select({ code: warehouseLocations.code, type: warehouseLocations.type, active: warehouseLocations.active })
      .from(warehouseLocations)
      .where(and(eq(warehouseLocations.tenantId, tenantId), inArray(warehouseLocations.code, chunk)));
    const found = new Map(
      rows.map((r): [string, LocationRow] => [r.code, { id: r.code, type: r.type, active: r.active }]),
    );
    await recordChanges(tx, tenantId, toChanges('locations', chunk, found));
  }
}

export async function recordLpnChanges(tx: DbOrTx, tenantId: number, codes: Iterable<string>): Promise<void> {
  const unique = [...new Set(codes)];
  const parent = alias(lpns, 'parent');
  for (let i = 0; i < unique.length; i += CHUNK) {
    const chunk = unique.slice(i, i + CHUNK);
    const rows = await tx
      .select({ code: lpns.code, parentCode: parent.code, locationCode: lpns.locationCode, status: lpns.status })
      .from(lpns)
      .leftJoin(parent, eq(parent.id, lpns.parentId))
      .where(and(eq(lpns.tenantId, tenantId), inArray(lpns.code, chunk)));
    const found = new Map(
      rows.map((r): [string, LpnRow] => [
        r.code,
        { id: r.code, parentCode: r.parentCode, locationCode: r.locationCode, status: r.status },
      ]),
    );
    await recordChanges(tx, tenantId, toChanges('lpns', chunk, found));
  }
}
