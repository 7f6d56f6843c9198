/**
 * The returns or removals file: download the template, check it (nothing stored), read the row
 * report, upload — every return or none. Warehouse users name the client the returns belong to.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReturnsCsvIssue } from '../../../domain/rules/returns';
import { returnsFileResultSchema, type ReturnKind, type ReturnsFileResult } from '../../../domain/schemas/returns';
import { api, ApiFailure } from '../../api/client';
import { postAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { CsvRowReport, issueParams } from '../../ui/CsvRowReport';
import { ClientSelect } from '../inbound/purchase-orders/ClientSelect';
import { isWarehouseUser } from '../inbound/purchase-orders/clients';
import type { ReturnSegment } from './kind';

type Report =
  { kind: 'ok'; result: ReturnsFileResult } | { kind: 'errors'; issues: ReturnsCsvIssue[]; messages: string[] };

const issuesOf = (err: unknown): { issues: ReturnsCsvIssue[]; messages: string[] } => {
  const body = err instanceof ApiFailure ? (err.body as { issues?: ReturnsCsvIssue[] } | null) : null;
  if (body?.issues?.length) return { issues: body.issues, messages: [] };
  return { issues: [], messages: err instanceof ApiFailure ? err.messages : [String(err)] };
};

export function ReturnsUpload({
  segment,
  kind,
  onClose,
}: {
  segment: ReturnSegment;
  kind: ReturnKind;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const warehouse = isWarehouseUser(useSession((s) => s.user?.audience));
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [report, setReport] = useState<Report | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (validateOnly: boolean) => {
    const errs: Record<string, string> = {};
    if (!file) errs.file = t('returns.fileRequired');
    if (warehouse && !companyId) errs.companyId = t('returns.clientRequired');
    setErrors(errs);
    if (Object.keys(errs).length || !file) return;
    const form = new FormData();
    form.set('file', file);
    setBusy(true);
    try {
      const result = await postAs(`/api/returns/${segment}/file-upload`, form, returnsFileResultSchema, {
        query: { validateOnly: validateOnly ? 'true' : undefined, companyId: companyId ?? undefined },
        quiet: true,
        inlineRefusal: true,
      });
      setReport({ kind: 'ok', result });
      if (result.stored) await qc.invalidateQueries({ queryKey: [`returns-${segment}`] });
    } catch (err) {
      setReport({ kind: 'errors', ...issuesOf(err) });
    } finally {
      setBusy(false);
    }
  };

  const downloadTemplate = async () => {
    const res = await api<Response>('GET', `/api/returns/${segment}/file-upload/template`, { raw: true });
    const url = URL.createObjectURL(await res.blob());
    Object.assign(document.createElement('a'), {
      href: url,
      download: `dockside-${segment}-returns-template.csv`,
    }).click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(false);
  };

  return (
    <section className="card">
      <form className="form" noValidate onSubmit={submit} aria-label={t('returns.upload')}>
        <p className="muted">{t(kind === 'fbm_return' ? 'returns.fbm.uploadHelp' : 'returns.fba.uploadHelp')}</p>
        {warehouse && <ClientSelect value={companyId} onChange={setCompanyId} error={errors.companyId} />}
        <label>
          {t('returns.file')}
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
          <button type="button" className="btn" onClick={() => void downloadTemplate()}>
            {t('returns.template')}
          </button>
          <button type="button" className="btn" disabled={busy} onClick={() => void send(true)}>
            {t('returns.check')}
          </button>
          <button type="submit" className="btn primary" disabled={busy}>
            {t('returns.uploadNow')}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            {t('returns.close')}
          </button>
        </div>
      </form>
      {report?.kind === 'ok' && (
        <p role="status" data-testid="returns-report">
          {report.result.stored
            ? t('returns.stored', {
                returns: report.result.returns,
                created: report.result.created,
                unchanged: report.result.unchanged,
              })
            : t('returns.checkedOk', {
                rows: report.result.rows,
                returns: report.result.returns,
                lines: report.result.lines,
              })}
        </p>
      )}
      {report?.kind === 'errors' && (
        <CsvRowReport
          testId="returns-report"
          issues={report.issues}
          messages={report.messages}
          words={{
            title: t('returns.reportTitle', { count: report.issues.length || report.messages.length }),
            nothingStored: t('returns.nothingStored'),
            row: t('returns.row'),
            problem: t('returns.problem'),
            wholeFile: t('returns.wholeFile'),
            issue: (issue) => t(`returns.csvIssue.${issue.code}`, issueParams(issue)),
          }}
        />
      )}
    </section>
  );
}
