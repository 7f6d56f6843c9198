/**
 * Orders by file (/apps/outbound/fbm-force/orders-file-upload), for stores without an API: pick
 * the CSV, check it (every row checked, nothing stored), read the row-by-row report, fix the file,
 * upload — all orders or none. The same order uploaded again changes nothing. The template is the
 * server's, so it always validates once its store is one of yours.
 */
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrdersCsvIssue } from '../../../domain/rules/orders-csv';
import { ordersFileResultSchema, type OrdersFileResult } from '../../../domain/schemas/fbm-orders';
import { api, ApiFailure } from '../../api/client';
import { postAs } from '../../api/typed';
import { CsvRowReport, issueParams } from '../../ui/CsvRowReport';

type Report = { kind: 'ok'; result: OrdersFileResult } | { kind: 'errors'; issues: OrdersCsvIssue[] };

/** The server's issues (domain/rules/orders-csv.ts), or its messages when it sent none. */
const issuesOf = (err: unknown): { issues: OrdersCsvIssue[]; messages: string[] } => {
  const body = err instanceof ApiFailure ? (err.body as { issues?: OrdersCsvIssue[] } | null) : null;
  if (body?.issues?.length) return { issues: body.issues, messages: [] };
  return { issues: [], messages: err instanceof ApiFailure ? err.messages : [String(err)] };
};

export default function OrdersFileUploadPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [report, setReport] = useState<Report | null>(null);
  const [messages, setMessages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const send = async (validateOnly: boolean) => {
    if (!file) {
      setFileError(t('fbmOrders.upload.fileRequired'));
      return;
    }
    setFileError('');
    setMessages([]);
    const form = new FormData();
    form.set('file', file);
    setBusy(true);
    try {
      const result = await postAs('/api/fbm/orders/file-upload', form, ordersFileResultSchema, {
        query: { validateOnly: validateOnly ? 'true' : undefined },
        quiet: true,
        inlineRefusal: true,
      });
      setReport({ kind: 'ok', result });
    } catch (err) {
      const found = issuesOf(err);
      setReport({ kind: 'errors', issues: found.issues });
      setMessages(found.messages);
    } finally {
      setBusy(false);
    }
  };

  const downloadTemplate = async () => {
    const res = await api<Response>('GET', '/api/fbm/orders/file-upload/template', { raw: true });
    const url = URL.createObjectURL(await res.blob());
    Object.assign(document.createElement('a'), { href: url, download: 'dockside-orders-template.csv' }).click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(false);
  };

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('fbmOrders.upload.title')}</h1>
        <button type="button" className="btn" onClick={() => void downloadTemplate()} data-testid="orders-template">
          {t('fbmOrders.upload.template')}
        </button>
      </div>
      <form className="card form" noValidate onSubmit={submit} aria-label={t('fbmOrders.upload.title')}>
        <p className="muted">{t('fbmOrders.upload.help')}</p>
        <label>
          {t('fbmOrders.upload.file')}
          <input
            name="file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setReport(null);
              setMessages([]);
            }}
          />
          {fileError && <span className="form-error">{fileError}</span>}
        </label>
        <div className="button-row">
          <button type="button" className="btn" disabled={busy} onClick={() => void send(true)}>
            {t('fbmOrders.upload.check')}
          </button>
          <button type="submit" className="btn primary" disabled={busy}>
            {t('fbmOrders.upload.upload')}
          </button>
        </div>
      </form>
      {report?.kind === 'ok' && (
        <section className="card" role="status" data-testid="orders-report">
          <p>
            {report.result.stored
              ? t('fbmOrders.upload.stored', {
                  orders: report.result.orders,
                  created: report.result.created,
                  changed: report.result.changed,
                  unchanged: report.result.unchanged,
                })
              : t('fbmOrders.upload.checkedOk', {
                  rows: report.result.rows,
                  orders: report.result.orders,
                  lines: report.result.lines,
                })}
          </p>
          {report.result.stored && (
            <p>
              {t('fbmOrders.upload.matched', { matched: report.result.matchedLines, lines: report.result.lines })}{' '}
              <Link to="/apps/outbound/fbm-shipments">{t('nav.AmazonFBM')}</Link> ·{' '}
              <Link to="/apps/outbound/mfn-shipments">{t('nav.MerchantFulfillment')}</Link>
            </p>
          )}
        </section>
      )}
      {report?.kind === 'errors' && (
        <CsvRowReport
          testId="orders-report"
          className="card"
          issues={report.issues}
          messages={messages}
          words={{
            title: t('fbmOrders.upload.reportTitle', { count: report.issues.length || messages.length }),
            nothingStored: t('fbmOrders.upload.nothingStored'),
            row: t('fbmOrders.upload.row'),
            problem: t('fbmOrders.upload.problem'),
            wholeFile: t('fbmOrders.upload.wholeFile'),
            issue: (issue) => t(`fbmOrders.csvIssue.${issue.code}`, issueParams(issue)),
          }}
        />
      )}
    </div>
  );
}
