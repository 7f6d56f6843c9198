/**
 * Purchase-order CSV upload (/apps/inbound/file-upload): pick the file and the batch fields,
 * check it (the server validates every row and stores nothing), read the row-by-row report, fix
 * the file, upload (all rows or none). The template is the server's, so it always validates.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsvIssue } from '../../../../domain/rules/po-csv';
import {
  csvUploadQuerySchema,
  csvUploadResultSchema,
  type CsvUploadResult as Summary,
} from '../../../../domain/schemas/inbound';
import { api, ApiFailure } from '../../../api/client';
import { postAs } from '../../../api/typed';
import { useSession } from '../../../app/session';
import { CsvRowReport, issueParams } from '../../../ui/CsvRowReport';
import { useFeedback } from '../../../ui/feedback-store';
import { ClientSelect } from './ClientSelect';
import { isWarehouseUser } from './clients';

/** What the upload does with the catalogue: nothing, also list the items, or only list them. */
type Listing = 'none' | 'listItems' | 'createOnlyListings';
type Report = { kind: 'ok'; summary: Summary } | { kind: 'errors'; issues: CsvIssue[] };

/** The server's issues (domain/rules/po-csv.ts), or its messages when it sent none (file-level). */
const issuesOf = (err: unknown): CsvIssue[] => {
  const body = err instanceof ApiFailure ? (err.body as { issues?: CsvIssue[] } | null) : null;
  if (body?.issues?.length) return body.issues;
  const messages = err instanceof ApiFailure ? err.messages : [String(err)];
  return messages.map((message) => ({ row: null, column: null, code: 'invalid', params: { message } }));
};

export default function FileUploadPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useFeedback((s) => s.toast);
  const warehouse = isWarehouseUser(useSession((s) => s.user?.audience));
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState({ batch_name: '', ecommerce_store: '', shipToCountryCode: '' });
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [receiveNow, setReceiveNow] = useState(false);
  const [listing, setListing] = useState<Listing>('none');
  const onlyListings = listing === 'createOnlyListings';
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [report, setReport] = useState<Report | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (validateOnly: boolean) => {
    const query = csvUploadQuerySchema.safeParse({
      batch_name: fields.batch_name || undefined,
      ecommerce_store: fields.ecommerce_store || undefined,
      shipToCountryCode: fields.shipToCountryCode || undefined,
      companyId: companyId ?? undefined,
      receiveInventory: warehouse && receiveNow && !onlyListings ? 'true' : undefined,
      listItems: listing === 'listItems' ? 'true' : undefined,
      createOnlyListings: onlyListings ? 'true' : undefined,
      validateOnly: validateOnly ? 'true' : undefined,
    });
    const errs: Record<string, string> = query.success
      ? {}
      : Object.fromEntries(query.error.issues.map((i) => [String(i.path[0]), i.message]));
    if (!file) errs.file = t('po.fileRequired');
    if (!onlyListings && !fields.batch_name.trim()) errs.batch_name = t('po.batchNameRequired');
    if (warehouse && !companyId) errs.companyId = t('po.clientRequired');
    setErrors(errs);
    if (!query.success || Object.keys(errs).length || !file) return;
    const form = new FormData();
    form.set('file', file);
    setBusy(true);
    try {
      const summary = await postAs('/api/ship/csv-upload', form, csvUploadResultSchema, {
        query: query.data,
        quiet: true,
        inlineRefusal: true,
      });
      setReport({ kind: 'ok', summary });
      if (summary.stored && summary.listed && !summary.batch)
        toast('success', t('po.listed', { count: summary.listed.created, existing: summary.listed.existing }));
      if (summary.stored && summary.batch) {
        toast('success', t('po.uploaded', { items: summary.items, tracking: summary.trackingNumbers }));
        void navigate({ to: '/apps/inbound/batch-workspace/$batchId', params: { batchId: String(summary.batch.id) } });
      }
    } catch (err) {
      setReport({ kind: 'errors', issues: issuesOf(err) });
    } finally {
      setBusy(false);
    }
  };

  const downloadTemplate = async () => {
    const res = await api<Response>('GET', '/api/ship/csv-upload/template', { raw: true });
    const url = URL.createObjectURL(await res.blob());
    const a = Object.assign(document.createElement('a'), {
      href: url,
      download: 'dockside-purchase-order-template.csv',
    });
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(false);
  };
  const field = (name: keyof typeof fields, label: string, extra: Record<string, unknown> = {}) => (
    <label>
      {label}
      <input
        name={name}
        value={fields[name]}
        onChange={(e) => {
          setFields({ ...fields, [name]: e.target.value });
          setReport(null);
        }}
        {...extra}
      />
      {errors[name] && <span className="form-error">{errors[name]}</span>}
    </label>
  );

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('po.uploadTitle')}</h1>
        <button type="button" className="btn" onClick={() => void downloadTemplate()}>
          {t('po.template')}
        </button>
      </div>
      <form className="card form" noValidate onSubmit={submit}>
        <p className="muted">{t('po.uploadHelp')}</p>
        {!onlyListings && field('batch_name', t('po.batchName'))}
        {warehouse && (
          <ClientSelect
            value={companyId}
            onChange={(id) => {
              setCompanyId(id);
              setReport(null);
            }}
            error={errors.companyId}
          />
        )}
        {field('ecommerce_store', t('po.store'))}
        {field('shipToCountryCode', t('po.shipTo'), { maxLength: 2, placeholder: 'US' })}
        <label>
          {t('po.listing')}
          <select
            name="listing"
            value={listing}
            onChange={(e) => {
              setListing(e.target.value as Listing);
              setReport(null);
            }}
          >
            <option value="none">{t('po.listingNone')}</option>
            <option value="listItems">{t('po.listingAlso')}</option>
            <option value="createOnlyListings">{t('po.listingOnly')}</option>
          </select>
        </label>
        {warehouse && !onlyListings && (
          <label className="checkbox">
            <input
              type="checkbox"
              name="receiveInventory"
              checked={receiveNow}
              onChange={(e) => setReceiveNow(e.target.checked)}
            />
            {t('po.receiveNow')}
          </label>
        )}
        <label>
          {t('po.file')}
          <input
            name="file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setReport(null);
            }}
          />
          {errors.file && <span className="form-error">{errors.file}</span>}
        </label>
        <div className="button-row">
          <button type="button" className="btn" disabled={busy} onClick={() => void send(true)}>
            {t('po.check')}
          </button>
          <button type="submit" className="btn primary" disabled={busy}>
            {t('po.upload')}
          </button>
        </div>
      </form>
      {report?.kind === 'ok' && report.summary.stored && report.summary.listed && !report.summary.batch && (
        <p className="card" role="status" data-testid="csv-report">
          {t('po.listed', { count: report.summary.listed.created, existing: report.summary.listed.existing })}{' '}
          <Link to="/apps/product/products">{t('nav.ProductCatalog')}</Link>
        </p>
      )}
      {report?.kind === 'ok' && !report.summary.stored && (
        <p className="card" role="status" data-testid="csv-report">
          {t('po.checkedOk', {
            rows: report.summary.rows,
            items: report.summary.items,
            tracking: report.summary.trackingNumbers,
          })}
        </p>
      )}
      {report?.kind === 'errors' && (
        <CsvRowReport
          testId="csv-report"
          className="card"
          issues={report.issues}
          words={{
            title: t('po.reportTitle', { count: report.issues.length }),
            nothingStored: t('po.nothingStored'),
            row: t('po.row'),
            problem: t('po.problem'),
            wholeFile: t('po.wholeFile'),
            issue: (issue) => t(`csvIssue.${issue.code}`, issueParams(issue)),
          }}
        />
      )}
    </div>
  );
}
