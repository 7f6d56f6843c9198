/**
 * Reports v2021-06-30 in the Amazon sandbox, at Amazon's paths and in Amazon's shapes, per seller.
 * A report is made asynchronously as the sandbox clock (deps.now) moves: IN_QUEUE for 150 ms, then
 * IN_PROGRESS for 250 ms, then DONE with a document — or CANCELLED when it has no data (this
 * version has no DONE_NO_DATA), or FATAL with an error document (`{"errorDetails": …}`) when Amazon
 * would abort it. Only an IN_QUEUE report can be cancelled. The document is served from a
 * pre-signed URL under /sandbox/amazon/report-documents/ (S3's role: no SP-API token, valid five
 * minutes, S3's XML refusals), tab-delimited, gzip-compressed (compressionAlgorithm GZIP) from
 * 1 KiB on. Report ids and document ids are the seller's own: another seller's are not found.
 *
 * Sandbox choices Amazon does not publish: the timings; the 1 KiB compression threshold; a
 * Returns-by-return-date window over Amazon's documented 60 days ends FATAL rather than refused at
 * once; report types other than the six a prep centre reads are refused.
 */
import { createHash, randomInt } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Deps } from '../../context.js';
import {
  FLAT_FILE_REPORT_TYPES,
  PROCESSING_STATUSES,
  createReportSpecificationSchema,
  type FlatFileReportType,
  type ProcessingStatus,
  type Report,
  type ReportRow,
} from '../../integrations/amazon/reports-models.js';
import { faultGate } from '../faults.js';
import { findRecord, getRecord, putRecord, recordsOf, type RecordSet } from '../records.js';
import { signToken, verifyToken } from '../tokens.js';
import { marketplaceById } from './orders-data.js';
import { flatFile, listingRows, myiRows, type ReportScope } from './reports-data.js';
import { removalOrderRows, removalShipmentRows } from './reports-removals.js';
import { fbaReturnRows, mfnReturnRows } from './reports-returns.js';

type SpError = (c: Context, status: 400 | 404, code: string, message: string, details?: string) => Response;

const BASE = '/reports/2021-06-30';
const QUEUED_MS = 150;
const PROCESSING_MS = 250;
const URL_VALID_MS = 5 * 60_000;
const GZIP_FROM_BYTES = 1024;
const DAY = 86_400_000;
/** Amazon: "You can request up to 60 days of data in a single report" (Returns by return date). */
const RETURNS_MAX_DAYS = 60;
/** getReports' default reach: reports are retained 90 days. */
const RETAINED_MS = 90 * DAY;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const SIGNED = 'AmzRd.';

const BUILDERS: { [T in FlatFileReportType]: (deps: Deps, scope: ReportScope) => Promise<ReportRow<T>[]> } = {
  GET_FBA_MYI_UNSUPPRESSED_INVENTORY_DATA: myiRows,
  GET_MERCHANT_LISTINGS_ALL_DATA: listingRows,
  GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE: mfnReturnRows,
  GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA: fbaReturnRows,
  GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA: removalOrderRows,
  GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA: removalShipmentRows,
};
async function documentText<T extends FlatFileReportType>(type: T, deps: Deps, scope: ReportScope) {
  const rows = await BUILDERS[type](deps, scope);
  return rows.length ? flatFile(type, rows) : null;
}

const storedReportSchema = z.object({
  reportId: z.string(),
  reportType: z.enum(FLAT_FILE_REPORT_TYPES as [FlatFileReportType, ...FlatFileReportType[]]),
  marketplaceIds: z.array(z.string()),
  createdAt: z.number(),
  from: z.number(),
  to: z.number(),
  cancelledAt: z.number().optional(),
  /** How it ended, stored the first time it is read after processing. */
  outcome: z
    .object({ status: z.enum(['DONE', 'CANCELLED', 'FATAL']), reportDocumentId: z.string().optional() })
    .optional(),
});
type StoredReport = z.infer<typeof storedReportSchema>;
const storedDocumentSchema = z.object({ key: z.string(), reportId: z.string(), text: z.string(), gzip: z.boolean() });

const reports = (seller: string): RecordSet<StoredReport> => ({
  provider: 'amazon',
  account: seller,
  kind: 'report',
  schema: storedReportSchema,
  keyOf: (r) => r.reportId,
});
const DOCUMENT_KIND = 'report_document';
const documents = (seller: string): RecordSet<z.infer<typeof storedDocumentSchema>> => ({
  provider: 'amazon',
  account: seller,
  kind: DOCUMENT_KIND,
  schema: storedDocumentSchema,
  keyOf: (d) => d.key,
});

const iso = (t: number) => new Date(t).toISOString();
/** Amazon's document ids; derived from the report, so a repeated read names the same document. */
const documentIdOf = (seller: string, reportId: string) => {
  const h = createHash('sha256').update(`${seller}/${reportId}`).digest('hex');
  return `amzn1.spdoc.1.4.na.${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

/** The report as Amazon shows it at `now` (its outcome must be stored once it is due: see settle). */
function reportAt(r: StoredReport, now: number): Report {
  const base = {
    reportId: r.reportId,
    reportType: r.reportType,
    marketplaceIds: r.marketplaceIds,
    dataStartTime: iso(r.from),
    dataEndTime: iso(r.to),
    createdTime: iso(r.createdAt),
  };
  if (r.cancelledAt !== undefined && r.cancelledAt <= now) return { ...base, processingStatus: 'CANCELLED' };
  const started = r.createdAt + QUEUED_MS;
  if (now < started) return { ...base, processingStatus: 'IN_QUEUE' };
  const ended = started + PROCESSING_MS;
  if (now < ended || !r.outcome) return { ...base, processingStatus: 'IN_PROGRESS', processingStartTime: iso(started) };
  return {
    ...base,
    processingStatus: r.outcome.status,
    processingStartTime: iso(started),
    processingEndTime: iso(ended),
    ...(r.outcome.reportDocumentId ? { reportDocumentId: r.outcome.reportDocumentId } : {}),
  };
}

/** Makes the report's document once processing is over (idempotent: the document id is the report's). */
async function settle(deps: Deps, seller: string, r: StoredReport): Promise<StoredReport> {
  const ended = r.createdAt + QUEUED_MS + PROCESSING_MS;
  if (r.outcome || r.cancelledAt !== undefined || deps.now().getTime() < ended) return r;
  const scope: ReportScope = { seller, marketplaceIds: r.marketplaceIds, from: r.from, to: r.to, at: ended };
  const reportDocumentId = documentIdOf(seller, r.reportId);
  let text: string | null;
  let status: 'DONE' | 'FATAL' = 'DONE';
  if (r.reportType === 'GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE' && r.to - r.from > RETURNS_MAX_DAYS * DAY) {
    status = 'FATAL';
    text = JSON.stringify({
      errorDetails: `The requested date range exceeds the ${RETURNS_MAX_DAYS}-day limit for this report type. Request up to ${RETURNS_MAX_DAYS} days of data in a single report.`,
    });
  } else text = await documentText(r.reportType, deps, scope);
  const settled: StoredReport = text
    ? { ...r, outcome: { status, reportDocumentId } }
    : // Nothing to report: Amazon cancels it automatically.
      { ...r, outcome: { status: 'CANCELLED' } };
  if (text)
    await putRecord(deps, documents(seller), {
      key: reportDocumentId,
      reportId: r.reportId,
      text,
      gzip: Buffer.byteLength(text) >= GZIP_FROM_BYTES,
    });
  await putRecord(deps, reports(seller), settled);
  return settled;
}

/** Every value of a list parameter, whether sent comma-separated or repeated. */
const listOf = (c: Context, name: string) =>
  (c.req.queries(name) ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

interface PageToken {
  query: Record<string, string[]>;
  /** The last report of the previous page (newest first): its creation time and id. */
  after: [number, string];
}

/** S3's refusal: XML, as the pre-signed URL's host answers. */
const s3Error = (c: Context, status: 400 | 403 | 404 | 500 | 503, code: string, message: string) =>
  c.body(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    status,
    { 'content-type': 'application/xml' },
  );

export function reportRoutes(app: Hono, deps: Deps, sellerOf: (c: Context) => string | null, spError: SpError): void {
  const now = () => deps.now().getTime();
  const secret = deps.config.jwtSecret;

  app.post(`${BASE}/reports`, async (c) => {
    const seller = sellerOf(c)!;
    const parsed = createReportSpecificationSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      return spError(c, 400, 'InvalidInput', `Invalid input: ${i.path.join('.') || 'body'}: ${i.message}`);
    }
    const spec = parsed.data;
    const type = FLAT_FILE_REPORT_TYPES.find((t) => t === spec.reportType);
    if (!type)
      return spError(
        c,
        400,
        'InvalidInput',
        `Invalid reportType: ${spec.reportType}`,
        `The sandbox makes ${FLAT_FILE_REPORT_TYPES.join(', ')}.`,
      );
    const unknown = spec.marketplaceIds.filter((m) => !marketplaceById(m));
    if (unknown.length)
      return spError(
        c,
        400,
        'InvalidInput',
        `Invalid marketplaceIds: ${unknown.join(', ')}`,
        'Give marketplaces of this (North America) endpoint.',
      );
    const t = now();
    for (const [name, v] of [
      ['dataStartTime', spec.dataStartTime],
      ['dataEndTime', spec.dataEndTime],
    ] as const)
      if (v !== undefined && (!ISO.test(v) || !Number.isFinite(Date.parse(v))))
        return spError(c, 400, 'InvalidInput', `${name} must be an ISO 8601 date-time`);
    const from = spec.dataStartTime ? Date.parse(spec.dataStartTime) : t;
    // The end may not be after now: a later one reads as now (Amazon's default).
    const to = spec.dataEndTime ? Math.min(Date.parse(spec.dataEndTime), t) : t;
    if (from > t)
      return spError(c, 400, 'InvalidInput', 'dataStartTime must be prior to or equal to the current date and time');
    if (spec.dataStartTime && spec.dataEndTime && Date.parse(spec.dataStartTime) > Date.parse(spec.dataEndTime))
      return spError(c, 400, 'InvalidInput', 'dataStartTime must be before dataEndTime');
    const reportId = String(randomInt(50_000_000_000, 99_999_999_999));
    await putRecord(deps, reports(seller), {
      reportId,
      reportType: type,
      marketplaceIds: [...new Set(spec.marketplaceIds)],
      createdAt: t,
      from: Math.min(from, to),
      to,
    });
    return c.json({ reportId }, 202);
  });

  app.get(`${BASE}/reports`, async (c) => {
    const seller = sellerOf(c)!;
    const given = Object.keys(c.req.queries());
    let query: Record<string, string[]>;
    let after: PageToken['after'] | null = null;
    const token = c.req.query('nextToken');
    if (token !== undefined) {
      if (given.length > 1)
        return spError(c, 400, 'InvalidInput', 'nextToken must be the only parameter when it is given');
      try {
        const t = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as PageToken;
        if (!t.query || !Array.isArray(t.after)) throw new Error('shape');
        ({ query, after } = t);
      } catch {
        return spError(c, 400, 'InvalidInput', 'Invalid nextToken', 'The nextToken is not one this operation issued.');
      }
    } else {
      query = Object.fromEntries(
        ['reportTypes', 'processingStatuses', 'marketplaceIds', 'pageSize', 'createdSince', 'createdUntil'].map((k) => [
          k,
          listOf(c, k),
        ]),
      );
    }
    const { reportTypes, processingStatuses, marketplaceIds } = query;
    if (!reportTypes.length) return spError(c, 400, 'InvalidInput', 'Either reportTypes or nextToken is required');
    if (reportTypes.length > 10) return spError(c, 400, 'InvalidInput', 'reportTypes: at most 10');
    if (marketplaceIds.length > 10) return spError(c, 400, 'InvalidInput', 'marketplaceIds: at most 10');
    const badStatus = processingStatuses.find((s) => !PROCESSING_STATUSES.includes(s as ProcessingStatus));
    if (badStatus) return spError(c, 400, 'InvalidInput', `Invalid processingStatuses: ${badStatus}`);
    const pageSize = query.pageSize.length ? Number(query.pageSize[0]) : 10;
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100)
      return spError(c, 400, 'InvalidInput', 'pageSize must be from 1 to 100');
    const bound = (name: 'createdSince' | 'createdUntil', fallback: number) => {
      const v = query[name][0];
      return v === undefined ? fallback : ISO.test(v) ? Date.parse(v) : NaN;
    };
    const since = bound('createdSince', now() - RETAINED_MS);
    const until = bound('createdUntil', now());
    if (!Number.isFinite(since) || !Number.isFinite(until))
      return spError(c, 400, 'InvalidInput', 'createdSince and createdUntil must be ISO 8601 date-times');

    const all: Report[] = [];
    for (const stored of await recordsOf(deps, reports(seller), () => [])) {
      if (!reportTypes.includes(stored.reportType) || stored.createdAt < since || stored.createdAt > until) continue;
      if (marketplaceIds.length && !stored.marketplaceIds.some((m) => marketplaceIds.includes(m))) continue;
      const r = await settle(deps, seller, stored);
      const view = reportAt(r, now());
      if (processingStatuses.length && !processingStatuses.includes(view.processingStatus)) continue;
      all.push(view);
    }
    // Newest first; a page ends at its last report, so reports created meanwhile shift nothing.
    const key = (r: Report): [number, string] => [Date.parse(r.createdTime), r.reportId];
    const older = (a: [number, string], b: [number, string]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
    all.sort((a, b) => (older(key(a), key(b)) ? 1 : -1));
    const rest = after ? all.filter((r) => older(key(r), after!)) : all;
    const page = rest.slice(0, pageSize);
    const next =
      rest.length > pageSize
        ? Buffer.from(JSON.stringify({ query, after: key(page.at(-1)!) } satisfies PageToken)).toString('base64url')
        : undefined;
    return c.json({ reports: page, ...(next ? { nextToken: next } : {}) });
  });

  const findReport = async (c: Context) => {
    const seller = sellerOf(c)!;
    const stored = await getRecord(deps, reports(seller), c.req.param('reportId') ?? '');
    return stored ? { seller, stored: await settle(deps, seller, stored) } : null;
  };
  const noReport = (c: Context) =>
    spError(
      c,
      404,
      'NotFound',
      `Report ${c.req.param('reportId')} was not found`,
      'The specified resource does not exist.',
    );

  app.get(`${BASE}/reports/:reportId`, async (c) => {
    const found = await findReport(c);
    return found ? c.json(reportAt(found.stored, now())) : noReport(c);
  });

  app.delete(`${BASE}/reports/:reportId`, async (c) => {
    const found = await findReport(c);
    if (!found) return noReport(c);
    const status = reportAt(found.stored, now()).processingStatus;
    if (status !== 'IN_QUEUE')
      return spError(
        c,
        400,
        'InvalidInput',
        `Report ${found.stored.reportId} is ${status}: only reports with processingStatus IN_QUEUE can be cancelled`,
      );
    await putRecord(deps, reports(found.seller), { ...found.stored, cancelledAt: now() });
    return c.body(null, 200);
  });

  app.get(`${BASE}/documents/:reportDocumentId`, async (c) => {
    const seller = sellerOf(c)!;
    const id = c.req.param('reportDocumentId');
    const doc = await getRecord(deps, documents(seller), id);
    if (!doc)
      return spError(
        c,
        404,
        'NotFound',
        `Report document ${id} was not found`,
        'The specified resource does not exist.',
      );
    const encoded = doc.gzip && c.req.query('enableContentEncodingUrlHeader') === 'true';
    const t = now();
    const url = new URL(
      `${new URL(c.req.url).origin}${c.req.path.replace(/\/reports\/2021-06-30\/.*$/, '')}/report-documents/${id}`,
    );
    url.searchParams.set('X-Amz-Algorithm', 'AWS4-HMAC-SHA256');
    url.searchParams.set('X-Amz-Date', new Date(t).toISOString().replace(/[-:]|\.\d{3}/g, ''));
    url.searchParams.set('X-Amz-Expires', String(URL_VALID_MS / 1000));
    url.searchParams.set('X-Amz-SignedHeaders', 'host');
    if (encoded) url.searchParams.set('response-content-encoding', 'gzip');
    url.searchParams.set(
      'X-Amz-Signature',
      signToken(secret, SIGNED, {
        account: seller,
        use: `${id}|${encoded ? 'gzip' : 'identity'}`,
        exp: t + URL_VALID_MS,
      }),
    );
    return c.json({ reportDocumentId: id, url: url.toString(), ...(doc.gzip ? { compressionAlgorithm: 'GZIP' } : {}) });
  });

  // The download: S3's role. No SP-API token; the signature names the seller, the document and its expiry.
  const claimsOf = (c: Context, at: number) => {
    const encoding = c.req.query('response-content-encoding') === 'gzip' ? 'gzip' : 'identity';
    return verifyToken(secret, SIGNED, c.req.query('X-Amz-Signature') ?? '', `${c.req.param('id')}|${encoding}`, at);
  };
  app.use(
    '/report-documents/:id',
    faultGate(deps, 'amazon', {
      throttle: (c) => s3Error(c, 503, 'SlowDown', 'Please reduce your request rate.'),
      error: (c) => s3Error(c, 500, 'InternalError', 'We encountered an internal error. Please try again.'),
      invalid: (c) => s3Error(c, 400, 'InvalidArgument', 'Invalid Argument'),
      authorised: (c) => !!claimsOf(c, now()),
      unauthorised: (c) =>
        claimsOf(c, 0)
          ? s3Error(c, 403, 'AccessDenied', 'Request has expired')
          : s3Error(
              c,
              403,
              'SignatureDoesNotMatch',
              'The request signature we calculated does not match the signature you provided.',
            ),
    }),
  );
  app.get('/report-documents/:id', async (c) => {
    const claims = claimsOf(c, now())!;
    const found = await findRecord(deps, 'amazon', DOCUMENT_KIND, c.req.param('id'), storedDocumentSchema);
    if (!found || found.account !== claims.account)
      return s3Error(c, 404, 'NoSuchKey', 'The specified key does not exist.');
    const doc = found.value;
    if (!doc.gzip) return c.body(doc.text, 200, { 'content-type': 'text/plain; charset=UTF-8' });
    const bytes = gzipSync(Buffer.from(doc.text, 'utf8'));
    return c.body(
      bytes,
      200,
      c.req.query('response-content-encoding') === 'gzip'
        ? { 'content-type': 'text/plain; charset=UTF-8', 'content-encoding': 'gzip' }
        : { 'content-type': 'application/octet-stream' },
    );
  });
}
