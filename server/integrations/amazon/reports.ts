/**
 * Amazon Reports v2021-06-30 for one store: request a report, follow it (IN_QUEUE → IN_PROGRESS →
 * DONE, or CANCELLED / FATAL), and read its document. Usage plans as the model publishes them:
 * createReport 0.0167/s burst 15, getReports 0.0222/s burst 10, getReport 2/s burst 15,
 * cancelReport 0.0222/s burst 10, getReportDocument 0.0167/s burst 15.
 *
 * The document itself is not an SP-API call: its URL is pre-signed (S3), valid five minutes, and
 * must be fetched without the store's access token. It goes through its own ProviderHttp without
 * auth (so retries, time-outs and the call log still apply, and the signature is masked in the
 * log); a fetch wrapper hands the bytes on as JSON, and we gunzip and decode them here.
 */
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { ProviderFailure, type ProviderHttp } from '../http.js';
import { noContentSchema } from './orders-models.js';
import {
  PROCESSING_STATUS_MEANING,
  REPORT_COLUMNS,
  createReportResponseSchema,
  getReportsResponseSchema,
  reportDocumentSchema,
  reportErrorDocumentSchema,
  reportSchema,
  type CreateReportSpecification,
  type FlatFileReportType,
  type GetReportsQuery,
  type Report,
  type ReportDocument,
  type ReportRow,
} from './reports-models.js';

const BASE = '/reports/2021-06-30';

/** The document's bytes as the wrapper below hands them on. */
const documentBytesSchema = z.object({ contentType: z.string(), base64: z.string() });

/**
 * Fetch for pre-signed document URLs: a successful answer (text, or gzip bytes that `text()`
 * would mangle) becomes `{contentType, base64}` JSON for ProviderHttp; refusals pass unchanged.
 */
export function reportDocumentFetch(inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const res = await inner(input, init);
    if (!res.ok) return res;
    const bytes = Buffer.from(await res.arrayBuffer());
    return new Response(
      JSON.stringify({ contentType: res.headers.get('content-type') ?? '', base64: bytes.toString('base64') }),
      { status: res.status, headers: { 'content-type': 'application/json' } },
    );
  };
}

/** S3's refusals are XML (`<Error><Code>AccessDenied</Code><Message>Request has expired</Message>`). */
export function explainDocumentRefusal(status: number, body: unknown): string[] {
  const text = typeof body === 'string' ? body : '';
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
  if (status === 403)
    return [
      `Amazon refused the report document link (${[code, message].filter(Boolean).join(': ') || status}); links last five minutes: ask for the document again`,
    ];
  if (status === 404) return ['Amazon no longer holds this report document (reports are kept 90 days)'];
  return [`Amazon's document store answered ${status}${code ? ` (${code}${message ? `: ${message}` : ''})` : ''}`];
}

const GZIP_MAGIC = [0x1f, 0x8b];

/** TextDecoder's name for the charset an answer declares (Amazon's NA flat files may say Cp1252). */
function charsetOf(contentType: string): string {
  const named = /charset=([^;]+)/i.exec(contentType)?.[1]?.trim().toLowerCase();
  if (!named) return 'utf-8';
  if (named === 'cp1252') return 'windows-1252';
  try {
    return new TextDecoder(named).encoding;
  } catch {
    return 'utf-8';
  }
}

export class AmazonReports {
  constructor(
    private readonly sp: ProviderHttp,
    /** Calls pre-signed URLs: no auth, base URL '' (each call's path is the whole URL). */
    private readonly documents: ProviderHttp,
  ) {}

  /** Asks Amazon for a report; it is made asynchronously (follow it with getReport). */
  createReport(spec: CreateReportSpecification) {
    return this.sp.call({
      name: 'createReport',
      method: 'POST',
      path: `${BASE}/reports`,
      json: spec,
      schema: createReportResponseSchema,
      rate: { perSecond: 0.0167, burst: 15 },
    });
  }

  getReport(reportId: string): Promise<Report> {
    return this.sp.call({
      name: 'getReport',
      method: 'GET',
      path: `${BASE}/reports/${encodeURIComponent(reportId)}`,
      schema: reportSchema,
      rate: { perSecond: 2, burst: 15 },
    });
  }

  /** One page of reports: the filters, or the previous page's nextToken alone (as Amazon requires). */
  getReports(q: GetReportsQuery | { nextToken: string }) {
    const query =
      'nextToken' in q
        ? { nextToken: q.nextToken }
        : {
            reportTypes: q.reportTypes,
            processingStatuses: q.processingStatuses?.length ? q.processingStatuses : undefined,
            marketplaceIds: q.marketplaceIds?.length ? q.marketplaceIds : undefined,
            pageSize: q.pageSize,
            createdSince: q.createdSince,
            createdUntil: q.createdUntil,
          };
    return this.sp.call({
      name: 'getReports',
      method: 'GET',
      path: `${BASE}/reports`,
      query,
      schema: getReportsResponseSchema,
      rate: { perSecond: 0.0222, burst: 10 },
    });
  }

  /** Only a report still IN_QUEUE can be cancelled; answers nothing. */
  cancelReport(reportId: string) {
    return this.sp.call({
      name: 'cancelReport',
      method: 'DELETE',
      path: `${BASE}/reports/${encodeURIComponent(reportId)}`,
      schema: noContentSchema,
      rate: { perSecond: 0.0222, burst: 10 },
    });
  }

  /**
   * Where to download a document (a URL valid five minutes) and whether it is gzipped. With
   * `contentEncodingHeader`, a gzipped document is served with Content-Encoding: gzip instead.
   */
  getReportDocument(reportDocumentId: string, contentEncodingHeader = false): Promise<ReportDocument> {
    return this.sp.call({
      name: 'getReportDocument',
      method: 'GET',
      path: `${BASE}/documents/${encodeURIComponent(reportDocumentId)}`,
      query: { enableContentEncodingUrlHeader: contentEncodingHeader || undefined },
      schema: reportDocumentSchema,
      rate: { perSecond: 0.0167, burst: 15 },
    });
  }

  /**
   * The document's text: fetched from the pre-signed URL, gunzipped when Amazon says GZIP, and
   * decoded by the charset its answer names. An HTML page (a proxy's or a captive portal's) or
   * bytes that are neither gzip nor text are garbage, never a report.
   */
  async downloadReportDocument(doc: ReportDocument): Promise<string> {
    let answer: z.infer<typeof documentBytesSchema>;
    try {
      answer = await this.documents.call({
        name: 'downloadReportDocument',
        method: 'GET',
        path: doc.url,
        schema: documentBytesSchema,
      });
    } catch (err) {
      // A 403 from a pre-signed URL is an expired or altered link, not the store losing its authorisation.
      if (err instanceof ProviderFailure && err.kind === 'auth')
        throw new ProviderFailure('refused', err.provider, err.operation, err.messages, err.status);
      throw err;
    }
    const garbage = (why: string) =>
      new ProviderFailure('garbage', 'Amazon', 'downloadReportDocument', [
        `Amazon's report document ${doc.reportDocumentId} ${why}; nothing was read from it`,
      ]);
    let bytes: Buffer = Buffer.from(answer.base64, 'base64');
    // With Content-Encoding: gzip the transport has already inflated it: only gzip bytes are gunzipped.
    if (doc.compressionAlgorithm === 'GZIP' && bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1]) {
      try {
        bytes = gunzipSync(bytes);
      } catch {
        throw garbage('is cut off or not valid gzip');
      }
    }
    let text: string;
    try {
      text = new TextDecoder(charsetOf(answer.contentType), { fatal: true }).decode(bytes);
    } catch {
      throw garbage('is not text');
    }
    if (text.includes('\u0000')) throw garbage('is not text');
    if (/^\s*<(!doctype\s+html|html[\s>])/i.test(text) || /^text\/html/i.test(answer.contentType))
      throw garbage('is an HTML page, not a report');
    return text;
  }

  /**
   * Why a report ended without a document to read, in Amazon's words: for FATAL, the error
   * document's text (`errorDetails` when it is JSON) when Amazon left one; otherwise the meaning
   * of the status as Amazon publishes it.
   */
  async endingOf(report: Report): Promise<string> {
    if (report.processingStatus !== 'FATAL' || !report.reportDocumentId)
      return PROCESSING_STATUS_MEANING[report.processingStatus];
    const text = (await this.downloadReportDocument(await this.getReportDocument(report.reportDocumentId))).trim();
    let said = text;
    try {
      said = reportErrorDocumentSchema.parse(JSON.parse(text)).errorDetails;
    } catch {
      // Not the JSON form: the document's text is Amazon's explanation as it stands.
    }
    return said.slice(0, 2000) || PROCESSING_STATUS_MEANING.FATAL;
  }
}

/** A tab-delimited flat file: its header line and each line by column. */
export function parseFlatFile(text: string): { columns: string[]; rows: Record<string, string>[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length && lines.at(-1) === '') lines.pop();
  const [header, ...body] = lines;
  const columns = header ? header.split('\t') : [];
  return {
    columns,
    rows: body.map((line) => {
      const cells = line.split('\t');
      return Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']));
    }),
  };
}

/**
 * A report of a known type, its columns checked against Amazon's published ones: a column
 * missing means Amazon changed the report (or sent another one), and nothing should be read as if
 * it had not.
 */
export function readFlatFileReport<T extends FlatFileReportType>(type: T, text: string): ReportRow<T>[] {
  const { columns, rows } = parseFlatFile(text);
  const missing = REPORT_COLUMNS[type].filter((c) => !columns.includes(c));
  if (missing.length)
    throw new ProviderFailure('garbage', 'Amazon', 'downloadReportDocument', [
      `Amazon's ${type} report lacks the column(s) ${missing.join(', ')}; nothing was read from it`,
    ]);
  return rows as ReportRow<T>[];
}
