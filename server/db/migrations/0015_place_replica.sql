-- Locations and LPNs join the floor replica (server/sync/place-changes.ts records them from now on).
-- The ones that exist already go into each tenant's change feed once, after its current sequence,
-- so every device pulls them (devices restart their pull from 0 when they take replica v5).
WITH places AS (
  SELECT tenant_id, 'locations' AS table_name, code AS row_key,
         jsonb_build_object('id', code, 'type', type, 'active', active) AS row
  FROM warehouse_locations
  UNION ALL
  SELECT l.tenant_id, 'lpns', l.code,
         jsonb_build_object('id', l.code, 'parentCode', p.code, 'locationCode', l.location_code, 'status', l.status)
  FROM lpns l LEFT JOIN lpns p ON p.id = l.parent_id
),
numbered AS (
  SELECT places.*, row_number() OVER (PARTITION BY tenant_id ORDER BY table_name, row_key) AS n FROM places
),
counts AS (
  SELECT tenant_id, count(*) AS cnt FROM numbered GROUP BY tenant_id
),
reserved AS (
  UPDATE change_seq s SET seq = s.seq + counts.cnt FROM counts
  WHERE s.tenant_id = counts.tenant_id
  RETURNING s.tenant_id, s.seq - counts.cnt AS base
)
INSERT INTO change_log (tenant_id, seq, company_id, table_name, row_key, op, row)
SELECT numbered.tenant_id, reserved.base + numbered.n, NULL, numbered.table_name, numbered.row_key, 'put', numbered.row
FROM numbered JOIN reserved ON reserved.tenant_id = numbered.tenant_id;
