/**
 * Sort and receive, step 2 (/apps/inbound/receive-batch/:accountNo/:companyId): scan a counted
 * unit, the screen says where it goes (its workflow's station, or any storage bin), enter how many
 * (one by default, never the whole lot by surprise), scan the place to confirm. Works offline:
 * checked on the device with the server's rule, sent through the outbox, moved in the ledger once.
 * A storage unit goes to a bin or a tote (LPN) the device knows: a mistyped or unknown code is
 * refused in the scan's frame, as on the move screen, instead of becoming a place of its own.
 */
import { useParams } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboundItemRow } from '../../../../domain/schemas/inbound';
import { normaliseLocation, sortDestination, unitsToSort } from '../../../../domain/rules/sorting';
import { useSession } from '../../../app/session';
import { useSyncEngine } from '../../../app/sync';
import { scanFeedback } from '../../../scan/feedback';
import { ScanVerdict } from '../../../scan/ScanVerdict';
import { ScanForm } from '../../../scan/ScanForm';
import { useWedgeScanner } from '../../../scan/useWedgeScanner';
import { useClientItems, useCompany } from './queries';
import { findAny, findWaiting, waitingItems } from './sort-lookup';
import { checkPlace } from '../../wms/known-places';
import { useKnownPlaces } from '../../wms/queries';

const CameraScanner = lazy(() => import('../../../scan/CameraScanner'));

type Panel =
  | { kind: 'ready' }
  | { kind: 'item'; item: InboundItemRow }
  | { kind: 'sorted'; title: string; quantity: number; location: string; remaining: number }
  | { kind: 'error'; code: string; message: string };

export default function SortReceivePage() {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  // Spec §6 shows Receive Inventory to client audiences above Customer; putting units away is
  // still the warehouse's job (the server refuses a client's sort), so clients watch, not scan.
  const warehouse = useSession((s) => s.user?.audience) === 'Warehouse';
  const params = useParams({ strict: false }) as { accountNo: string; companyId: string };
  const companyId = Number(params.companyId);
  const [panel, setPanel] = useState<Panel>({ kind: 'ready' });
  const [quantity, setQuantity] = useState('1');
  const [camera, setCamera] = useState(false);
  /** Why the picked unit could not go where it was scanned (it stays picked). */
  const [errorLine, setErrorLine] = useState<string | null>(null);

  const company = useCompany(companyId);
  const items = useClientItems(companyId);
  const places = useKnownPlaces();

  const current = panel.kind === 'item' ? (items?.find((i) => i.id === panel.item.id) ?? panel.item) : null;

  const scan = useCallback(
    async (raw: string) => {
      const code = raw.trim();
      if (!engine || !items || !code) return;
      const unit = findWaiting(items, code);
      // A unit's code picks the unit (also while another waits for its place: the receiver changed their mind).
      if (unit) {
        scanFeedback('ok');
        setQuantity('1');
        setPanel({ kind: 'item', item: unit });
        return;
      }
      if (!current) {
        scanFeedback('unknown');
        setPanel({
          kind: 'error',
          code,
          message: findAny(items, code) ? t('sortReceive.nothingWaiting') : t('sortReceive.unknownUnit'),
        });
        return;
      }
      // Otherwise the code is the place. A bin or tote this warehouse does not have is refused at
      // once (the unit stays picked); before the device has synced any place, the server judges.
      if (sortDestination(current.itemAction).kind === 'bin') {
        const place = normaliseLocation(code);
        const known = checkPlace(place, places, true);
        if (known === 'unknown' || known === 'inactive') {
          scanFeedback('error');
          setPanel({ kind: 'item', item: current });
          setErrorLine(t(known === 'unknown' ? 'moves.unknownPlace' : 'moves.inactivePlace', { code: place }));
          return;
        }
      }
      // Confirm the sort there.
      try {
        const result = await engine.mutate('item.sort', {
          id: crypto.randomUUID(),
          batchItemId: Number(current.id),
          quantity: Number(quantity),
          location: code,
          sortedAt: new Date().toISOString(),
        });
        scanFeedback('ok');
        setPanel({
          kind: 'sorted',
          title: current.title,
          quantity: result.quantity,
          location: result.location,
          remaining: result.remaining,
        });
        setQuantity('1');
      } catch (err) {
        // Wrong place or too many: said at once, nothing queued; the unit stays picked.
        scanFeedback('error');
        const message = err instanceof Error && err.name !== 'ZodError' ? err.message : t('sortReceive.badQuantity');
        setPanel({ kind: 'item', item: current });
        setErrorLine(message);
      }
    },
    [engine, items, current, quantity, t, places],
  );
  useWedgeScanner(
    (code) => {
      setErrorLine(null);
      void scan(code);
    },
    { enabled: !!items && warehouse },
  );

  if (!Number.isInteger(companyId)) return <p className="form-error">{t('errors.notFound')}</p>;
  if (!items) return <p className="muted">{t('app.loading')}</p>;
  const waiting = waitingItems(items);
  const dest = current ? sortDestination(current.itemAction) : null;

  return (
    <div className="page dock-page">
      <h1>
        {t('sortReceive.title')} · {company?.name ?? ''} <span className="muted">{params.accountNo}</span>
      </h1>
      {!warehouse && (
        <p className="notice" role="status">
          {t('sortReceive.warehouseOnly')}
        </p>
      )}
      <ScanVerdict
        tone={panel.kind === 'sorted' ? 'received' : panel.kind === 'error' || errorLine ? 'error' : 'none'}
        testId="sort-panel"
        data={{ 'data-state': errorLine ? 'error' : panel.kind }}
        prompt={panel.kind === 'ready' ? t('sortReceive.ready') : undefined}
        {...(current && dest
          ? {
              code: current.title,
              verdictTestId: 'sort-destination',
              verdict:
                dest.kind === 'station' ? t('sortReceive.goesTo', { location: dest.code }) : t('sortReceive.goesToBin'),
              note: t('sortReceive.waitingHere', { count: unitsToSort(current), batch: current.batchName }),
            }
          : panel.kind === 'sorted'
            ? {
                code: panel.location,
                verdict: t('sortReceive.sorted', {
                  quantity: panel.quantity,
                  title: panel.title,
                  location: panel.location,
                }),
                note: t('sortReceive.stillWaiting', { count: panel.remaining }),
              }
            : panel.kind === 'error'
              ? { code: panel.code, verdict: panel.message }
              : {})}
      >
        {current && dest && errorLine && (
          <div className="last-scan-note form-error" role="alert">
            {errorLine}
          </div>
        )}
      </ScanVerdict>

      <ScanForm
        label={current ? t('sortReceive.scanPlace') : t('sortReceive.scanUnit')}
        name="code"
        addLabel={t('itemScan.add')}
        onScan={(code) => {
          setErrorLine(null);
          void scan(code);
        }}
        camera={camera}
        onCamera={() => setCamera((c) => !c)}
        disabled={!warehouse}
        fields={
          <label className="field">
            <span>{t('sortReceive.quantity')}</span>
            <input
              name="quantity"
              type="number"
              min={1}
              max={current ? unitsToSort(current) : undefined}
              inputMode="numeric"
              value={quantity}
              disabled={!current}
              onChange={(e) => setQuantity(e.target.value)}
            />
          </label>
        }
      >
        {current && unitsToSort(current) > 1 && (
          <button type="button" className="btn" onClick={() => setQuantity(String(unitsToSort(current)))}>
            {t('sortReceive.all', { count: unitsToSort(current) })}
          </button>
        )}
      </ScanForm>
      {camera && (
        <Suspense fallback={<p className="muted">{t('app.loading')}</p>}>
          <CameraScanner onScan={(code) => void scan(code)} onClose={() => setCamera(false)} />
        </Suspense>
      )}

      <h2>{t('sortReceive.waitingTitle', { count: waiting.reduce((n, i) => n + unitsToSort(i), 0) })}</h2>
      {waiting.length === 0 ? (
        <p className="grid-state">{t('sortReceive.nothingToSort')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="sort-waiting">
            <thead>
              <tr>
                <th>{t('po.fields.title')}</th>
                <th>{t('po.batchName')}</th>
                <th>{t('sortReceive.waitingColumn')}</th>
                <th>{t('sortReceive.destination')}</th>
              </tr>
            </thead>
            <tbody>
              {waiting.map((i) => {
                const d = sortDestination(i.itemAction);
                return (
                  <tr key={i.id} className={current?.id === i.id ? 'active' : undefined}>
                    <td>{i.title}</td>
                    <td>{i.batchName}</td>
                    <td>{unitsToSort(i)}</td>
                    <td>{d.kind === 'station' ? d.code : t('sortReceive.anyBin')}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
