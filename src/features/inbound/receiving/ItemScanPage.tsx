/**
 * Package scan of items (/apps/inbound/package-scan?batchName=&accountNo=): open a delivered
 * package and scan what is in it. Each scan counts into the purchase order's expected item on the
 * device at once (offline too) and goes out through the outbox; the server counts it once and
 * raises the problems (unknown code, damaged unit). A case barcode counts its pack size; a count
 * entered first counts that many; over-receipt is flagged the moment it happens.
 */
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { create } from 'zustand';
import { countItemScan, itemMatches, readItemCode } from '../../../../domain/rules/item-scan';
import { useTranslation } from 'react-i18next';
import type { InboundItemRow, ItemScanResult } from '../../../../domain/schemas/inbound';
import { DAMAGE_TYPES } from '../../../../domain/schemas/problems';
import { useSession } from '../../../app/session';
import { useSyncEngine } from '../../../app/sync';
import { afterPaint } from '../../../scan/after-paint';
import { ScanVerdict } from '../../../scan/ScanVerdict';
import { scanFeedback, type FeedbackKind } from '../../../scan/feedback';
import { ScanForm } from '../../../scan/ScanForm';
import { useWedgeScanner } from '../../../scan/useWedgeScanner';
import { loadBatchItems, useBatchChanged, useCompanyByAccount, usePickableBatches } from './queries';
import { useFeedback } from '../../../ui/feedback-store';
import { connectQz } from '../../printing/printer';
import { floorPhotoDataUrl } from '../../problems/photo';
import { usePrinterSettings } from '../../printing/printer-settings';
import { canLabel, itemAutoPrintReady, printItemLabel } from './item-label';

const CameraScanner = lazy(() => import('../../../scan/CameraScanner'));

const FEEDBACK: Record<ItemScanResult['verdict'], FeedbackKind> = {
  received: 'ok',
  damaged: 'ok',
  over_received: 'duplicate',
  unknown: 'unknown',
};
type DamageType = Exclude<(typeof DAMAGE_TYPES)[number], 'none'>;

interface LastItemScan {
  /** The item.scan mutation id (a photo of a damaged unit refers to it). */
  id: string | null;
  code: string;
  result: ItemScanResult | null;
  error?: string;
}

export default function ItemScanPage() {
  const search = useSearch({ strict: false }) as { batchName?: string; accountNo?: string };
  return search.batchName && search.accountNo ? (
    <ItemScanner batchName={String(search.batchName)} accountNo={String(search.accountNo)} />
  ) : (
    <BatchPicker />
  );
}

function BatchPicker() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const batches = usePickableBatches(q);
  return (
    <div className="page">
      <h1>{t('itemScan.pickTitle')}</h1>
      <input
        type="search"
        aria-label={t('itemScan.searchBatch')}
        placeholder={t('itemScan.searchBatch')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        autoFocus
      />
      {batches === undefined ? (
        <p className="muted">{t('app.loading')}</p>
      ) : batches.length === 0 ? (
        <p className="grid-state">{t('itemScan.noBatches')}</p>
      ) : (
        <ul className="pick-list" data-testid="batch-pick-list">
          {batches.map((b) => (
            <li key={b.batchId}>
              <Link
                to="/apps/inbound/package-scan"
                search={{ batchName: b.batchName, accountNo: b.accountNo ?? '' }}
                className="card pick"
              >
                <strong>{b.batchName}</strong>{' '}
                <span className="muted">{[b.accountNo, b.companyName].filter(Boolean).join(' · ')}</span>
                <span className="pick-progress">
                  {t('itemScan.progress', { counted: b.countedUnits, expected: b.expectedUnits })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The last scan lives in its own small store so a scan re-renders the verdict panel only, not the
 * item table: the verdict must be painted in the frame of the scan.
 */
const useLastItemScan = create<{ last: LastItemScan | null }>(() => ({ last: null }));
const setLast = (last: LastItemScan | null): void => useLastItemScan.setState({ last });

const TABLE_LIMIT = 60;
const REFRESH_MS = 400;

function ItemScanner({ batchName, accountNo }: { batchName: string; accountNo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const engine = useSyncEngine();
  const user = useSession((s) => s.user);
  const toast = useFeedback((s) => s.toast);
  const [count, setCount] = useState('');
  const [damaged, setDamaged] = useState<DamageType | null>(null);
  const [damageNote, setDamageNote] = useState('');
  const [camera, setCamera] = useState(false);
  const [filter, setFilter] = useState('');
  const autoPrint = useRef(false);

  const company = useCompanyByAccount(accountNo);
  // The purchase order's rows are re-read when they change, but at most every REFRESH_MS: a
  // burst of scans must not re-read thousands of rows per scan. The live query itself is a count
  // over the batch's index range (cheap) that fires on any change in that range.
  const changed = useBatchChanged(company?.id, batchName);
  const [items, setItems] = useState<InboundItemRow[] | undefined>(undefined);
  useEffect(() => {
    if (!engine || !company || !changed) return;
    let stale = false;
    const load = async () => {
      const rows = await loadBatchItems(engine, company.id, batchName);
      if (!stale) setItems(rows);
    };
    const timer = setTimeout(() => void load(), items === undefined ? 0 : REFRESH_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `items` only decides the first load's delay
  }, [engine, company, batchName, changed]);
  const batchId = items?.[0]?.batchId ?? null;

  // The verdict is predicted from the items in memory (the same domain rule the device's
  // transaction and the server apply) and painted at once; counts of scans not yet back from the
  // replica are kept in an overlay so back-to-back scans of one item predict right.
  const memory = useRef<{ items: InboundItemRow[]; overlay: Map<string, InboundItemRow> }>({
    items: [],
    overlay: new Map(),
  });
  useEffect(() => {
    memory.current = { items: items ?? [], overlay: new Map() };
  }, [items]);

  useEffect(() => {
    setLast(null);
    if (!user) return;
    void usePrinterSettings
      .getState()
      .load(user.id)
      .then(async (settings) => {
        if (settings.kinds.item?.printerName) await connectQz();
        autoPrint.current = await itemAutoPrintReady(settings);
      });
  }, [user]);

  const printFor = useCallback(
    async (item: InboundItemRow | undefined, manual: boolean) => {
      if (!canLabel(item)) return;
      const result = await printItemLabel(item, usePrinterSettings.getState().settings);
      if (!result.ok) toast('error', t('printing.failed', { error: result.error }));
      else if (manual && result.transport === 'qz')
        toast('success', t('printing.sent', { printer: result.printer, copies: result.copies }));
    },
    [toast, t],
  );

  const scan = useCallback(
    async (raw: string) => {
      const code = raw.trim();
      if (!engine || !batchId || !code) return;
      const bulk = count.trim() ? Number(count) : undefined;
      const damage = damaged ? { damageType: damaged, notes: damageNote.trim() || undefined } : undefined;
      const id = crypto.randomUUID();
      // A count and a damage mark are for one scan: the next scan is a plain unit again.
      setCount('');
      setDamaged(null);
      setDamageNote('');

      const predicted = predictScan(memory.current, code, bulk, !!damage);
      if (predicted) {
        scanFeedback(FEEDBACK[predicted.result.verdict]);
        setLast({ id, code, result: predicted.result });
        if (predicted.item) memory.current.overlay.set(predicted.item.id, predicted.item);
      }
      // The verdict is on screen from memory; the write (IndexedDB, live queries) waits for its paint.
      await afterPaint();
      try {
        const result = await engine.mutate('item.scan', {
          id,
          batchId,
          code,
          count: bulk,
          damaged: damage,
          scannedAt: new Date().toISOString(),
        });
        if (
          !predicted ||
          predicted.result.verdict !== result.verdict ||
          predicted.result.receivedQty !== result.receivedQty ||
          predicted.result.damagedQty !== result.damagedQty
        ) {
          if (!predicted || predicted.result.verdict !== result.verdict) scanFeedback(FEEDBACK[result.verdict]);
          if (useLastItemScan.getState().last?.id === id || !predicted) setLast({ id, code, result });
        }
        if (autoPrint.current && result.verdict === 'received') {
          const item = memory.current.items.find((i) => Number(i.id) === result.itemId);
          setTimeout(() => void printFor(item, false), 0);
        }
      } catch (err) {
        // Surfaced, never dropped: a bad count or an unreadable code says why.
        scanFeedback('error');
        const message = err instanceof Error && err.name !== 'ZodError' ? err.message : t('itemScan.badScan');
        setLast({ id: null, code, result: null, error: message });
        memory.current.overlay.clear();
      }
    },
    [engine, batchId, count, damaged, damageNote, printFor, t],
  );

  useWedgeScanner((code) => void scan(code), { enabled: !!batchId });

  if (company === null || (items !== undefined && items.length === 0)) {
    return (
      <div className="page">
        <h1>{t('itemScan.title')}</h1>
        <p className="notice" role="alert">
          {t('itemScan.notOnDevice', { batchName, accountNo })}
        </p>
        <button
          type="button"
          className="btn"
          onClick={() => void navigate({ to: '/apps/inbound/package-scan', search: {} })}
        >
          {t('itemScan.chooseAnother')}
        </button>
      </div>
    );
  }
  if (!items || !company) return <p className="muted">{t('app.loading')}</p>;

  return (
    <div className="page dock-page">
      <h1>
        {t('itemScan.title')} · {batchName}{' '}
        <span className="muted">
          {accountNo} {company.name}
        </span>
      </h1>
      <LastItemScanPanel items={items} onPrint={(item) => void printFor(item, true)} />

      <ScanForm
        label={t('itemScan.code')}
        name="code"
        addLabel={t('itemScan.add')}
        onScan={(code) => void scan(code)}
        camera={camera}
        onCamera={() => setCamera((c) => !c)}
        fields={
          <label className="field">
            <span>{t('itemScan.count')}</span>
            <input
              name="count"
              type="number"
              min={1}
              inputMode="numeric"
              value={count}
              placeholder="1"
              onChange={(e) => setCount(e.target.value)}
            />
          </label>
        }
      />
      <fieldset className="card damage-mode">
        <legend>{t('itemScan.damaged')}</legend>
        <div className="segmented" role="group" aria-label={t('itemScan.damaged')}>
          <button
            type="button"
            className={`btn ${damaged === null ? 'primary' : ''}`}
            aria-pressed={damaged === null}
            onClick={() => setDamaged(null)}
          >
            {t('itemScan.notDamaged')}
          </button>
          {DAMAGE_TYPES.filter((d): d is DamageType => d !== 'none').map((d) => (
            <button
              key={d}
              type="button"
              className={`btn ${damaged === d ? 'primary' : ''}`}
              aria-pressed={damaged === d}
              onClick={() => setDamaged(d)}
            >
              {t(`problems.damageTypes.${d}`)}
            </button>
          ))}
        </div>
        {damaged && (
          <input
            name="damageNote"
            placeholder={t('itemScan.damageNote')}
            value={damageNote}
            onChange={(e) => setDamageNote(e.target.value)}
          />
        )}
      </fieldset>
      {camera && (
        <Suspense fallback={<p className="muted">{t('app.loading')}</p>}>
          <CameraScanner onScan={(code) => void scan(code)} onClose={() => setCamera(false)} />
        </Suspense>
      )}
      <ItemTable items={items} filter={filter} onFilter={setFilter} />
    </div>
  );
}

/** The verdict of a scan from the items in memory, or null when they are not loaded yet. */
function predictScan(
  mem: { items: InboundItemRow[]; overlay: Map<string, InboundItemRow> },
  code: string,
  count: number | undefined,
  damaged: boolean,
): { result: ItemScanResult; item?: InboundItemRow } | null {
  if (mem.items.length === 0) return null;
  const scanned = readItemCode(code);
  const found = mem.items.find((i) => itemMatches(i, scanned));
  if (!found) return { result: { verdict: 'unknown', units: 0 } };
  const item = mem.overlay.get(found.id) ?? found;
  try {
    const c = countItemScan(item, { scanned, count, damaged });
    return {
      result: {
        verdict: c.verdict,
        itemId: Number(item.id),
        title: item.title,
        units: c.units,
        receivedQty: c.receivedQty,
        damagedQty: c.damagedQty,
        expectedQty: item.expectedQty,
        overReceived: c.overReceived,
      },
      item: { ...item, receivedQty: c.receivedQty, damagedQty: c.damagedQty, status: c.status },
    };
  } catch {
    return null; // a bad count: the transaction says why
  }
}

function LastItemScanPanel({ items, onPrint }: { items: InboundItemRow[]; onPrint: (item: InboundItemRow) => void }) {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  const toast = useFeedback((s) => s.toast);
  const last = useLastItemScan((s) => s.last);
  const lastItem = last?.result?.itemId ? items.find((i) => Number(i.id) === last.result?.itemId) : undefined;
  const verdict = last?.error ? 'error' : (last?.result?.verdict ?? 'none');

  // A photo of the damage, for the problem the last damaged scan raised: queued like the scan.
  const addPhoto = async (file: File | undefined) => {
    if (!engine || !file || !last?.id || last.result?.verdict !== 'damaged') return;
    try {
      await engine.mutate('problem.photo', {
        id: crypto.randomUUID(),
        scanId: last.id,
        dataUrl: await floorPhotoDataUrl(file),
      });
      toast('success', t('itemScan.photoQueued'));
    } catch (err) {
      toast('error', err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <ScanVerdict
      tone={verdict}
      testId="last-item-scan"
      data={{ 'data-status': verdict }}
      prompt={t('itemScan.ready')}
      code={last?.code}
      verdict={
        last &&
        (last.error ??
          t(`itemScan.verdicts.${last.result!.verdict}`, {
            units: last.result!.units,
            over: last.result!.overReceived ?? 0,
          }))
      }
      note={
        last?.result?.title && (
          <>
            {last.result.title} ·{' '}
            {t('itemScan.progress', {
              counted: (last.result.receivedQty ?? 0) + (last.result.damagedQty ?? 0),
              expected: last.result.expectedQty ?? 0,
            })}
          </>
        )
      }
    >
      {last && (
        <div className="button-row">
          {last.result?.verdict === 'damaged' && (
            <label className="btn">
              {t('itemScan.addPhoto')}
              <input
                type="file"
                name="damagePhoto"
                accept="image/*"
                capture="environment"
                hidden
                onChange={(e) => void addPhoto(e.target.files?.[0])}
              />
            </label>
          )}
          {canLabel(lastItem) && (
            <button className="btn" type="button" onClick={() => onPrint(lastItem)}>
              {t('itemScan.printLabel')}
            </button>
          )}
        </div>
      )}
    </ScanVerdict>
  );
}

/** The purchase order's items: those still open first, at most TABLE_LIMIT rows (a filter finds the rest). */
const ItemTable = memo(function ItemTable({
  items,
  filter,
  onFilter,
}: {
  items: InboundItemRow[];
  filter: string;
  onFilter: (v: string) => void;
}) {
  const { t } = useTranslation();
  const expected = items.reduce((n, i) => n + i.expectedQty, 0);
  const counted = items.reduce((n, i) => n + i.receivedQty + i.damagedQty, 0);
  const needle = filter.trim().toLowerCase();
  const shown = items
    .filter((i) => !needle || [i.title, i.fnsku, i.asin, i.msku, i.upc].some((v) => v?.toLowerCase().includes(needle)))
    .sort(
      (a, b) =>
        Number(a.receivedQty + a.damagedQty >= a.expectedQty) - Number(b.receivedQty + b.damagedQty >= b.expectedQty),
    )
    .slice(0, TABLE_LIMIT);
  return (
    <>
      <h2>{t('itemScan.itemsTitle', { counted, expected })}</h2>
      {items.length > TABLE_LIMIT && (
        <input
          type="search"
          aria-label={t('itemScan.filter')}
          placeholder={t('itemScan.filter')}
          value={filter}
          onChange={(e) => onFilter(e.target.value)}
        />
      )}
      <div className="table-wrap">
        <table className="table floor-cards" data-testid="item-progress">
          <thead>
            <tr>
              <th>{t('po.fields.title')}</th>
              <th>{t('po.codes')}</th>
              <th>{t('itemScan.counted')}</th>
              <th>{t('po.itemStatus')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((i) => {
              const total = i.receivedQty + i.damagedQty;
              const state = total > i.expectedQty ? 'over' : total === i.expectedQty ? 'done' : 'open';
              return (
                <tr key={i.id} data-state={state}>
                  <td className="card-title">{i.title}</td>
                  <td className="codes" data-label={t('po.codes')}>
                    {[i.fnsku, i.asin, i.msku, i.upc].filter(Boolean).join(' · ')}
                  </td>
                  <td data-label={t('itemScan.counted')}>
                    <progress max={i.expectedQty} value={Math.min(total, i.expectedQty)} aria-label={i.title} />{' '}
                    {t('itemScan.itemCount', {
                      received: i.receivedQty,
                      damaged: i.damagedQty,
                      expected: i.expectedQty,
                    })}
                    {state === 'over' && (
                      <strong className="form-error"> {t('itemScan.over', { count: total - i.expectedQty })}</strong>
                    )}
                  </td>
                  <td data-label={t('po.itemStatus')}>
                    <span className="pill">{t(`items.statuses.${i.status}`)}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
});
