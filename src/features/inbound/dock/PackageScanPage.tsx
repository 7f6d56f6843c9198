/**
 * Dock package receiving, step 2: scan the client's packages. Every scan is judged on the device
 * at once (offline too) and queued for the server, which is the authority: a verdict stays
 * "provisional" until the server's arrives, and the screen says so when the server differs.
 */
import { useNavigate, useParams } from '@tanstack/react-router';
import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import type { MatchStatus } from '../../../../domain/schemas/inbound';
import { useSyncEngine } from '../../../app/sync';
import type { LocalPackageScan } from '../../../../sync/replica';
import { afterPaint } from '../../../scan/after-paint';
import { scanFeedback, type FeedbackKind } from '../../../scan/feedback';
import { ScanForm } from '../../../scan/ScanForm';
import { ScanVerdict } from '../../../scan/ScanVerdict';
import { useWedgeScanner } from '../../../scan/useWedgeScanner';
import { useSession } from '../../../app/session';
import { useFeedback } from '../../../ui/feedback-store';
import { connectQz } from '../../printing/printer';
import { usePrinterSettings } from '../../printing/printer-settings';
import { openBatchFor } from './open-batch';
import { loadDockFacts, useAnnouncedCount, useReceiveBatch, useRecentScans, useStoredScan } from './queries';
import { autoPrintReady, printPackageLabel } from './package-label';
import { DockVerdictCache } from '../../../../sync/mutations/package-scan';
import { rememberAccount } from './recent-accounts';
import { formatTime } from '../../../../domain/format';

const CameraScanner = lazy(() => import('../../../scan/CameraScanner'));

const FEEDBACK: Record<MatchStatus, FeedbackKind> = { matched: 'ok', duplicate: 'duplicate', not_found: 'unknown' };
const LIST_LIMIT = 100;

interface LastScan {
  id: string | null;
  code: string;
  status: MatchStatus | 'error';
  message?: string;
}

/**
 * The last scan lives in its own small store so that a scan re-renders only the panel that shows
 * it, not the whole screen: the verdict must be painted in the frame of the scan.
 */
const useLastScan = create<{ last: LastScan | null }>(() => ({ last: null }));
const setLast = (next: LastScan | null | ((cur: LastScan | null) => LastScan | null)): void =>
  useLastScan.setState((s) => ({ last: typeof next === 'function' ? next(s.last) : next }));

/** The last matched package (for "print package label"): its own store too, so a match re-renders one button. */
const useLastMatched = create<{ code: string | null }>(() => ({ code: null }));

function PrintLastLabel({ label, onPrint }: { label: string; onPrint: (code: string) => void }) {
  const code = useLastMatched((s) => s.code);
  return (
    <button
      className="btn"
      type="button"
      onClick={() => code && onPrint(code)}
      disabled={!code}
      title={code ?? undefined}
    >
      {label}
    </button>
  );
}

export default function PackageScanPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const engine = useSyncEngine();
  const params = useParams({ strict: false }) as { accountNo: string; companyId: string; companyName: string };
  const companyId = Number(params.companyId);
  const [batchId, setBatchId] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  const [openError, setOpenError] = useState<string | null>(null);
  const user = useSession((s) => s.user);
  const toast = useFeedback((s) => s.toast);
  useEffect(() => useLastMatched.setState({ code: null }), []);
  const autoPrint = useRef(false);

  useEffect(() => {
    if (!engine || !Number.isInteger(companyId)) return;
    rememberAccount(companyId);
    setLast(null);
    openBatchFor(engine, companyId).then(setBatchId, (err: unknown) =>
      setOpenError(err instanceof Error ? err.message : String(err)),
    );
  }, [engine, companyId]);

  // Printing in the same pass: the user's printer settings, and QZ Tray when a printer is named.
  useEffect(() => {
    if (!user) return;
    void usePrinterSettings
      .getState()
      .load(user.id)
      .then(async (settings) => {
        if (settings.kinds.package?.printerName) await connectQz();
        autoPrint.current = await autoPrintReady(settings);
        if (settings.autoPrint && !autoPrint.current) toast('warning', t('dock.autoPrintNeedsQz'));
      });
  }, [user, toast, t]);

  const printLabel = useCallback(
    async (code: string, manual: boolean) => {
      if (!batchId) return;
      const result = await printPackageLabel(
        { code, accountNo: params.accountNo, companyName: params.companyName, receiveBatchId: batchId },
        usePrinterSettings.getState().settings,
      );
      // A failed print is never reported as printed; an automatic success needs no toast.
      if (!result.ok) toast('error', t('printing.failed', { error: result.error }));
      else if (manual && result.transport === 'qz')
        toast('success', t('printing.sent', { printer: result.printer, copies: result.copies }));
    },
    [batchId, params.accountNo, params.companyName, toast, t],
  );

  // The verdict in the frame of the scan: an in-memory picture of the client's announced numbers
  // and this batch's scans, reloaded when the replica's count of announced numbers changes.
  const verdicts = useRef(new DockVerdictCache());
  const announced = useAnnouncedCount(companyId);
  useEffect(() => {
    if (!engine || !batchId) return;
    let stale = false;
    void (async () => {
      const facts = await loadDockFacts(engine, companyId, batchId);
      if (!stale) verdicts.current.load(facts.expected, facts.scannedNumbers);
    })();
    return () => {
      stale = true;
    };
  }, [engine, batchId, companyId, announced]);

  const batch = useReceiveBatch(batchId);
  const scans = useRecentScans(batchId, LIST_LIMIT);

  const scan = useCallback(
    async (raw: string) => {
      const code = raw.trim();
      if (!engine || !batchId || !code) return;
      const id = crypto.randomUUID();
      const predicted = verdicts.current.predict(code);
      if (predicted) {
        verdicts.current.record(predicted.number, predicted.status);
        scanFeedback(FEEDBACK[predicted.status]);
        setLast({ id, code, status: predicted.status });
        if (predicted.status === 'matched') {
          useLastMatched.setState({ code });
          // After the verdict's frame: the label must not delay the feedback.
          if (autoPrint.current) setTimeout(() => void printLabel(code, false), 0);
        }
      }
      // The verdict is on screen from memory; the write (IndexedDB, live queries) waits for its paint.
      await afterPaint();
      try {
        const result = await engine.mutate('package.scan', {
          id,
          batchId,
          trackingNumber: code,
          scannedAt: new Date().toISOString(),
        });
        if (result.matchStatus !== predicted?.status) {
          // The device's own transaction saw something the picture had not (another device's scan).
          scanFeedback(FEEDBACK[result.matchStatus]);
          setLast((cur) => (cur?.id === id ? { id, code, status: result.matchStatus } : cur));
        }
      } catch (err) {
        // A scan the device cannot take (closed batch, unreadable code) is shown, never dropped silently.
        scanFeedback('error');
        const message = err instanceof Error && err.name !== 'ZodError' ? err.message : t('dock.badCode');
        setLast({ id: null, code, status: 'error', message });
      }
    },
    [engine, batchId, t, printLabel],
  );

  useWedgeScanner((code) => void scan(code), { enabled: !!batchId && batch?.status === 'open' });

  const close = async () => {
    if (!engine || !batchId || !window.confirm(t('dock.closeConfirm'))) return;
    await engine.mutate('packageReceiveBatch.close', { id: batchId });
    await navigate({ to: '/apps/inbound/package-receive-batch' });
  };

  const counts = batch?.counts ?? { matched: 0, not_found: 0, duplicate: 0 };

  if (!Number.isInteger(companyId)) return <p className="form-error">{t('errors.notFound')}</p>;
  return (
    <div className="page dock-page">
      <h1>
        {t('dock.scanTitle')} · {params.companyName} <span className="muted">{params.accountNo}</span>
      </h1>
      {openError && (
        <p className="form-error" role="alert">
          {openError}
        </p>
      )}
      {batch?.status === 'closed' && (
        <p className="notice" role="status">
          {t('dock.batchClosed')}
        </p>
      )}

      <LastScanPanel />

      <div className="tiles dock-counts">
        <div className="tile" data-testid="count-matched">
          <span className="tile-value">{counts.matched}</span>
          <span className="tile-label">{t('dock.matched')}</span>
        </div>
        <div className="tile" data-testid="count-not_found">
          <span className="tile-value">{counts.not_found}</span>
          <span className="tile-label">{t('dock.not_found')}</span>
        </div>
        <div className="tile" data-testid="count-duplicate">
          <span className="tile-value">{counts.duplicate}</span>
          <span className="tile-label">{t('dock.duplicate')}</span>
        </div>
      </div>

      <ScanForm
        label={t('dock.trackingNumber')}
        name="trackingNumber"
        addLabel={t('dock.add')}
        onScan={(code) => void scan(code)}
        camera={camera}
        onCamera={() => setCamera((c) => !c)}
        disabled={batch?.status !== 'open'}
      >
        <PrintLastLabel label={t('dock.printLabel')} onPrint={(code) => void printLabel(code, true)} />
        <button className="btn" type="button" onClick={() => void close()} disabled={batch?.status !== 'open'}>
          {t('dock.closeBatch')}
        </button>
      </ScanForm>
      {camera && (
        <Suspense fallback={<p className="muted">{t('app.loading')}</p>}>
          <CameraScanner onScan={(code) => void scan(code)} onClose={() => setCamera(false)} />
        </Suspense>
      )}

      <h2>{t('dock.scansOfBatch')}</h2>
      {scans && scans.length === 0 ? (
        <p className="grid-state">{t('dock.noScans')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table floor-cards" data-testid="scan-list">
            <thead>
              <tr>
                <th>{t('dock.trackingNumber')}</th>
                <th>{t('dock.verdict')}</th>
                <th>{t('dock.when')}</th>
              </tr>
            </thead>
            <tbody>
              {(scans ?? []).map((s) => (
                <ScanRow key={s.id} scan={s} language={i18n.language} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** One row of the batch's scan list; re-renders only when that scan changed (the list is redrawn on every sync). */
const ScanRow = memo(
  function ScanRow({ scan, language }: { scan: LocalPackageScan; language: string }) {
    const { t } = useTranslation();
    return (
      <tr data-status={scan.matchStatus}>
        <td className="card-title">{scan.trackingNumber}</td>
        <td data-label={t('dock.verdict')}>
          <span className={`pill scan-${scan.matchStatus}`}>{t(`dock.${scan.matchStatus}`)}</span>
          {scan.provisional && <span className="muted"> · {t('dock.provisionalShort')}</span>}
        </td>
        <td data-label={t('dock.when')}>{formatTime(language, scan.scannedAt, { seconds: true })}</td>
      </tr>
    );
  },
  (a, b) =>
    a.language === b.language &&
    a.scan.id === b.scan.id &&
    a.scan.matchStatus === b.scan.matchStatus &&
    a.scan.provisional === b.scan.provisional,
);

/** The value, once the frame showing it has been painted (the first value at once). */
function useAfterPaint<T>(value: T): T {
  const [painted, setPainted] = useState(value);
  useEffect(() => {
    let current = true;
    void afterPaint().then(() => current && setPainted(value));
    return () => {
      current = false;
    };
  }, [value]);
  return painted;
}

/** The big panel: the last code, its verdict, and whether the server has confirmed it yet. */
function LastScanPanel() {
  const { t } = useTranslation();
  const last = useLastScan((s) => s.last);
  // The stored row (provisional / confirmed) is looked up after the verdict's frame: the live
  // query's subscription is IndexedDB work the paint must not wait for.
  const rowId = useAfterPaint(last?.id ?? null);
  const storedRow = useStoredScan(rowId);
  const lastRow = storedRow && storedRow.id === last?.id ? storedRow : undefined;
  const verdict = lastRow?.matchStatus ?? (last?.status !== 'error' ? last?.status : undefined);
  const panelStatus = last?.status === 'error' ? 'error' : verdict;
  return (
    <ScanVerdict
      tone={panelStatus ?? 'none'}
      testId="last-scan"
      data={{ 'data-status': panelStatus ?? '' }}
      prompt={t('dock.readyToScan')}
      code={last?.code}
      verdict={last?.status === 'error' ? last.message : t(`dock.${verdict ?? 'matched'}`)}
      noteTestId="last-scan-note"
      note={
        last &&
        last.status !== 'error' &&
        (lastRow?.provisional !== false
          ? t('dock.provisional')
          : lastRow.differed
            ? t('dock.serverDiffered', { status: t(`dock.${lastRow.matchStatus}`) })
            : t('dock.confirmed'))
      }
    />
  );
}
