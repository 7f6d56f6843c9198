/**
 * Batch verify (/apps/tools/batch-verify, issue 20 Tools): scan or type a pick batch number
 * (PB-…) or an order number, then scan every unit. The screen counts per product with the
 * domain's rule; a unit not in it or one too many is refused loudly (red, the error tone and
 * vibration) and not counted; what is missing stays listed. When every count matches it says
 * "Verified" and records it on the server (who, when, the mismatches refused on the way), so the
 * ship step can see it; a verification that cannot be completed can be recorded as a mismatch.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { judgeVerifyScan, type VerifyCountLine } from '../../../domain/rules/fbm-pick';
import {
  verificationSchema,
  verifySubjectSchema,
  type Verification,
  type VerifySubject,
} from '../../../domain/schemas/fbm-pick';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { ScanForm } from '../../scan/ScanForm';
import { scanFeedback } from '../../scan/feedback';
import { useWedgeScanner } from '../../scan/useWedgeScanner';
import './batch-verify.css';
import { formatDateTime } from '../../../domain/format';

const CameraScanner = lazy(() => import('../../scan/CameraScanner'));

type Verdict = { tone: 'ok' | 'error' | 'info'; key: string; values: Record<string, string | number> };
const failure = (err: unknown) => (err instanceof ApiFailure ? err.messages.join(' ') : String(err));

export default function BatchVerifyPage() {
  const { t, i18n } = useTranslation();
  const [subject, setSubject] = useState<VerifySubject | null>(null);
  const [counts, setCounts] = useState<Map<string, number>>(new Map());
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<Verification | null>(null);
  const [camera, setCamera] = useState(false);
  const [count, setCount] = useState('');
  // Scans (refused ones too) in order: the server counts them again.
  const scans = useRef<{ code: string; quantity: number }[]>([]);
  const countsRef = useRef(counts);
  countsRef.current = counts;
  const busy = useRef(false);

  const lines: VerifyCountLine[] = (subject?.lines ?? []).map((l) => ({
    key: l.key,
    codes: l.codes,
    expected: l.expected,
    name: l.sku ?? l.productKey ?? l.key,
  }));
  const total = (subject?.lines ?? []).reduce((n, l) => n + (counts.get(l.key) ?? 0), 0);
  const complete = !!subject && subject.lines.every((l) => (counts.get(l.key) ?? 0) === l.expected);

  const open = async (ref: string) => {
    if (!ref.trim()) return;
    setError(null);
    setSaved(null);
    setVerdict(null);
    try {
      const s = await getAs('/api/tools/batch-verify/subject', verifySubjectSchema, {
        query: { ref: ref.trim() },
        quiet: true,
        inlineRefusal: true,
      });
      scans.current = [];
      setCounts(new Map());
      setSubject(s);
    } catch (err) {
      setError(failure(err));
      scanFeedback('error');
    }
  };

  const record = async (current: Map<string, number>) => {
    if (!subject || busy.current) return;
    busy.current = true;
    try {
      const v = await postAs(
        '/api/tools/batch-verify',
        { type: subject.type, id: subject.id, scans: scans.current },
        verificationSchema,
        { quiet: true, inlineRefusal: true },
      );
      setSaved(v);
      if (v.result !== 'verified' && [...current.values()].length)
        setVerdict({ tone: 'error', key: 'batchVerify.serverDiffers', values: {} });
    } catch (err) {
      setError(failure(err));
    } finally {
      busy.current = false;
    }
  };

  const scan = (raw: string) => {
    const code = raw.trim();
    if (!code) return;
    if (!subject || saved?.result === 'verified') return void open(code);
    const quantity = Math.max(1, Number.parseInt(count, 10) || 1);
    scans.current.push({ code: code.toUpperCase(), quantity });
    const v = judgeVerifyScan(lines, countsRef.current, code, quantity);
    setCount('');
    if (!v.ok) {
      scanFeedback('error');
      setVerdict(
        v.kind === 'unknown'
          ? { tone: 'error', key: 'batchVerify.refused.unknown', values: { code: v.code, ref: subject.ref } }
          : {
              tone: 'error',
              key: 'batchVerify.refused.over',
              values: { code: v.code, item: v.name, expected: v.expected, counted: v.counted },
            },
      );
      return;
    }
    const next = new Map(countsRef.current);
    next.set(v.key, v.counted);
    countsRef.current = next;
    setCounts(next);
    const line = subject.lines.find((l) => l.key === v.key)!;
    const done = subject.lines.every((l) => (next.get(l.key) ?? 0) === l.expected);
    scanFeedback('ok');
    setVerdict({
      tone: 'ok',
      key: done ? 'batchVerify.allCounted' : 'batchVerify.counted',
      values: { item: line.sku ?? line.productKey ?? line.key, counted: v.counted, expected: v.expected },
    });
    if (done) void record(next);
  };

  useWedgeScanner(scan);

  const reset = () => {
    setSubject(null);
    setSaved(null);
    setVerdict(null);
    setError(null);
    setCounts(new Map());
    scans.current = [];
  };

  return (
    <div className="page batch-verify" data-testid="batch-verify">
      <h1>{t('nav.BatchVerify')}</h1>
      <p className="muted">{t('batchVerify.intro')}</p>
      <ScanForm
        label={subject && saved?.result !== 'verified' ? t('batchVerify.scanUnit') : t('batchVerify.scanRef')}
        name="code"
        addLabel={subject && saved?.result !== 'verified' ? t('batchVerify.add') : t('batchVerify.open')}
        onScan={scan}
        camera={camera}
        onCamera={() => setCamera((c) => !c)}
        fields={
          subject && saved?.result !== 'verified' ? (
            <label className="field verify-count">
              <span>{t('batchVerify.count')}</span>
              <input
                name="count"
                inputMode="numeric"
                placeholder="1"
                value={count}
                onChange={(e) => setCount(e.target.value.replace(/\D/g, ''))}
              />
            </label>
          ) : undefined
        }
      >
        {subject && (
          <button type="button" className="btn" onClick={reset}>
            {t('batchVerify.another')}
          </button>
        )}
      </ScanForm>
      {camera && (
        <Suspense fallback={<p className="muted">{t('app.loading')}</p>}>
          <CameraScanner onScan={scan} onClose={() => setCamera(false)} />
        </Suspense>
      )}
      {error && (
        <p className="verify-verdict verify-error" role="alert" data-testid="verify-error">
          {error}
        </p>
      )}
      {verdict && (
        <p
          className={`verify-verdict verify-${verdict.tone}`}
          role={verdict.tone === 'error' ? 'alert' : 'status'}
          data-testid="verify-verdict"
          data-tone={verdict.tone}
        >
          {t(verdict.key, verdict.values)}
        </p>
      )}
      {saved?.result === 'verified' && (
        <p className="verify-verified" role="status" data-testid="verify-verified">
          {t('batchVerify.verified', { ref: saved.ref, units: saved.expected, user: saved.userName ?? '' })}
        </p>
      )}
      {saved?.result === 'mismatch' && (
        <p className="verify-verdict verify-error" role="alert" data-testid="verify-mismatch">
          {t('batchVerify.mismatchRecorded', { ref: saved.ref })}
        </p>
      )}
      {subject && (
        <section data-testid="verify-subject" data-ref={subject.ref}>
          <h2>
            {t(subject.type === 'pick_batch' ? 'batchVerify.batch' : 'batchVerify.order', { ref: subject.ref })} ·{' '}
            {t('batchVerify.progress', { counted: total, expected: subject.expected })}
          </h2>
          {subject.lastVerification && !saved && (
            <p className="muted">
              {t(`batchVerify.last.${subject.lastVerification.result}`, {
                user: subject.lastVerification.userName ?? '',
                at: formatDateTime(i18n.language, subject.lastVerification.verifiedAt),
              })}
            </p>
          )}
          <div className="table-wrap">
            <table className="table" data-testid="verify-lines">
              <thead>
                <tr>
                  <th>{t('batchVerify.col.item')}</th>
                  <th>{t('batchVerify.col.counted')}</th>
                  <th>{t('batchVerify.col.missing')}</th>
                </tr>
              </thead>
              <tbody>
                {subject.lines.map((l) => {
                  const c = counts.get(l.key) ?? 0;
                  return (
                    <tr key={l.key} data-key={l.key} className={c === l.expected ? 'verify-done' : ''}>
                      <td>
                        <strong>{l.sku ?? l.productKey ?? '—'}</strong> <span className="muted">{l.title}</span>
                        {subject.type === 'pick_batch' && <div className="muted">{l.orders.join(', ')}</div>}
                      </td>
                      <td data-testid="verify-counted">
                        {c}/{l.expected}
                      </td>
                      <td>{l.expected - c > 0 ? l.expected - c : ''}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {!complete && !saved && (
            <button
              type="button"
              className="btn"
              data-testid="verify-record-mismatch"
              onClick={() => window.confirm(t('batchVerify.recordMismatchConfirm')) && void record(counts)}
            >
              {t('batchVerify.recordMismatch')}
            </button>
          )}
        </section>
      )}
    </div>
  );
}
