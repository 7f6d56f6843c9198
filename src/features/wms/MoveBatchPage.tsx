/**
 * Moves on the floor (/apps/wms/actions/move-batch/:moveBatchId?): scan the source (a location or
 * an LPN), scan the product and state how many (one by default, never the whole stock by
 * surprise) — or move the whole LPN — then scan the destination. Works offline: each move is a
 * floor mutation through the outbox, shown as provisional until the server applies it; a move
 * the server refuses (more than on hand, an unknown place) changes nothing and waits in
 * needs-attention.
 */
import { Link, useParams } from '@tanstack/react-router';
import { lazy, memo, Suspense, useCallback, useEffect, useState } from 'react';
import { create } from 'zustand';
import { useTranslation } from 'react-i18next';
import {
  inventoryMoveArgsSchema,
  MOVE_REASONS,
  placeCodeSchema,
  type MoveReason,
} from '../../../domain/schemas/inventory';
import { lpnCodeSchema } from '../../../domain/schemas/lpn';
import { useSyncEngine } from '../../app/sync';
import { afterPaint } from '../../scan/after-paint';
import { scanFeedback } from '../../scan/feedback';
import { ScanVerdict } from '../../scan/ScanVerdict';
import { checkPlace } from './known-places';
import { ScanForm } from '../../scan/ScanForm';
import { useWedgeScanner } from '../../scan/useWedgeScanner';
import { useKnownPlaces, useMoveBatch, useMoves } from './queries';
import { useRefusal } from '../../app/attention/queries';
import type { LocalInventoryMove } from '../../../sync/replica';
import { formatTime } from '../../../domain/format';

const CameraScanner = lazy(() => import('../../scan/CameraScanner'));

interface Draft {
  from?: string;
  product?: string;
  whole?: boolean;
}
type Panel =
  | { kind: 'ready' }
  | { kind: 'moved'; moveId: string; to: string; text: string }
  | { kind: 'error'; code: string; message: string };

/** The first message of a validation error, else the error's own message. */
const messageOf = (err: unknown): string => {
  const issues = (err as { issues?: { message: string }[] })?.issues;
  if (Array.isArray(issues) && issues[0]) return issues[0].message;
  return err instanceof Error ? err.message : String(err);
};

/**
 * What the scans have built so far and the verdict panel live in a small store, not in the page:
 * a scan re-renders the step list, the panel and the quantity field, not the page and its history,
 * so the verdict is painted in the scan's frame.
 */
interface MoveScanState {
  draft: Draft;
  quantity: string;
  panel: Panel;
}
const useMoveScan = create<MoveScanState>(() => ({ draft: {}, quantity: '1', panel: { kind: 'ready' } }));
const setMoveScan = (patch: Partial<MoveScanState>) => useMoveScan.setState(patch);
const stepOf = (d: Draft): 'from' | 'what' | 'to' => (!d.from ? 'from' : !d.product && !d.whole ? 'what' : 'to');

export default function MoveBatchPage() {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  const { moveBatchId } = useParams({ strict: false }) as { moveBatchId?: string };
  const [reasonOverride, setReasonOverride] = useState<MoveReason | null>(null);
  const [camera, setCamera] = useState(false);
  // A fresh start for each batch opened.
  useEffect(() => setMoveScan({ draft: {}, quantity: '1', panel: { kind: 'ready' } }), [moveBatchId]);

  const batch = useMoveBatch(moveBatchId);
  const moves = useMoves(moveBatchId);
  const reason: MoveReason = reasonOverride ?? (batch?.reason as MoveReason | undefined) ?? 'restock_inventory';
  const closed = batch?.status === 'closed';
  // The warehouse's places as the device holds them: a code it does not know is refused in the
  // scan's frame, offline too, instead of becoming a move the server will refuse (known-places.ts).
  const places = useKnownPlaces();

  const scan = useCallback(
    async (raw: string) => {
      const code = raw.trim().toUpperCase();
      if (!engine || !code || closed) return;
      const { draft, quantity } = useMoveScan.getState();
      const step = stepOf(draft);
      const setPanel = (panel: Panel) => setMoveScan({ panel });
      if (step === 'from' || step === 'to') {
        const place = placeCodeSchema.safeParse(code);
        if (!place.success) {
          scanFeedback('unknown');
          setPanel({ kind: 'error', code, message: t('moves.notAPlace') });
          return;
        }
        const known = checkPlace(code, places, step === 'to');
        if (known === 'unknown' || known === 'inactive') {
          scanFeedback('unknown');
          setPanel({
            kind: 'error',
            code,
            message: t(known === 'unknown' ? 'moves.unknownPlace' : 'moves.inactivePlace', { code }),
          });
          return;
        }
      }
      if (step === 'from') {
        scanFeedback('ok');
        setMoveScan({ draft: { from: code }, panel: { kind: 'ready' } });
        return;
      }
      if (step === 'what') {
        scanFeedback('ok');
        setMoveScan({ draft: { ...draft, product: code }, quantity: '1' });
        return;
      }
      const args = {
        id: crypto.randomUUID(),
        moveBatchId: moveBatchId ?? undefined,
        from: draft.from!,
        to: code,
        productCode: draft.whole ? undefined : draft.product,
        quantity: draft.whole ? undefined : Number(quantity),
        reason,
        movedAt: new Date().toISOString(),
      };
      // Everything the device can judge is judged here, before the frame is painted: the move's
      // shape (the same schema mutate applies) and a closed batch. The outbox write follows.
      const parsed = inventoryMoveArgsSchema.safeParse(args);
      if (!parsed.success) {
        scanFeedback('error');
        setPanel({ kind: 'error', code, message: messageOf(parsed.error) });
        return;
      }
      scanFeedback('ok');
      const moved = draft.whole
        ? t('moves.movedLpn', { lpn: draft.from, to: code })
        : t('moves.movedUnits', { quantity: parsed.data.quantity, product: draft.product, from: draft.from, to: code });
      // Each move starts again from its source: a source kept from the last move would send the
      // next product from a bin the receiver is no longer standing at.
      setMoveScan({ panel: { kind: 'moved', moveId: args.id, to: code, text: moved }, draft: {}, quantity: '1' });
      // The verdict is on screen from memory; the write (IndexedDB, live queries) waits for its paint.
      await afterPaint();
      try {
        await engine.mutate('inventory.move', args);
      } catch (err) {
        // The device refused after all (the batch closed meanwhile): said, never dropped silently.
        scanFeedback('error');
        setPanel({ kind: 'error', code, message: messageOf(err) });
      }
    },
    [engine, reason, moveBatchId, closed, t, places],
  );
  useWedgeScanner((code) => void scan(code), { enabled: !!engine && !closed });

  const closeBatch = async () => {
    if (!engine || !batch || !window.confirm(t('moves.closeConfirm', { name: batch.name }))) return;
    await engine.mutate('moveBatch.close', { id: batch.id, closedAt: new Date().toISOString() });
  };

  if (moveBatchId && batch === null && engine) {
    return (
      <div className="page">
        <p className="form-error" role="alert">
          {t('moves.batchNotOnDevice')}
        </p>
        <Link to="/apps/wms/actions">{t('moves.actionsTitle')}</Link>
      </div>
    );
  }
  return (
    <div className="page dock-page">
      <h1>
        {batch ? batch.name : t('moves.quickMove')}{' '}
        {batch && <span className="pill">{t(`moves.statuses.${batch.status}`)}</span>}
      </h1>
      <MoveSteps />
      <MovePanel />
      <RefusalWatcher />
      {closed && (
        <p className="notice" role="status">
          {t('moves.closedNotice')}
        </p>
      )}

      <ScanForm
        label={<ScanLabel />}
        name="code"
        addLabel={t('itemScan.add')}
        onScan={(code) => void scan(code)}
        camera={camera}
        onCamera={() => setCamera((c) => !c)}
        disabled={closed || !engine}
        fields={
          <>
            <QuantityField />
            <label className="field">
              <span>{t('moves.reason')}</span>
              <select name="reason" value={reason} onChange={(e) => setReasonOverride(e.target.value as MoveReason)}>
                {MOVE_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {t(`moves.reasons.${r}`)}
                  </option>
                ))}
              </select>
            </label>
          </>
        }
      >
        <DraftButtons />
        {batch && !closed && (
          <button type="button" className="btn" onClick={() => void closeBatch()}>
            {t('moves.closeBatch')}
          </button>
        )}
      </ScanForm>
      {camera && (
        <Suspense fallback={<p className="muted">{t('app.loading')}</p>}>
          <CameraScanner onScan={(code) => void scan(code)} onClose={() => setCamera(false)} />
        </Suspense>
      )}

      <h2>{t('moves.historyTitle', { count: moves?.length ?? 0 })}</h2>
      <p className="muted">{t('moves.refusedHint')}</p>
      {moves === undefined ? (
        <p className="grid-state">{t('app.loading')}</p>
      ) : moves.length === 0 ? (
        <p className="grid-state">{t('moves.noMoves')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table floor-cards" data-testid="moves-table">
            <thead>
              <tr>
                <th>{t('moves.what')}</th>
                <th>{t('moves.when')}</th>
                <th>{t('moves.fromCol')}</th>
                <th>{t('moves.toCol')}</th>
                <th>{t('moves.quantity')}</th>
                <th>{t('moves.reason')}</th>
                <th>{t('moves.state')}</th>
              </tr>
            </thead>
            <tbody>
              {moves.map((m) => (
                <MoveLine key={m.id} move={m} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** One line of the history; memoised so a scan re-renders only the lines that changed. */
const MoveLine = memo(function MoveLine({ move: m }: { move: LocalInventoryMove }) {
  const { t, i18n } = useTranslation();
  return (
    <tr data-provisional={m.provisional ? 'true' : 'false'}>
      <td className="card-title">{m.kind === 'lpn' ? t('moves.wholeLpn') : (m.title ?? m.productKey)}</td>
      <td data-label={t('moves.when')}>{formatTime(i18n.language, m.at)}</td>
      <td data-label={t('moves.fromCol')}>{m.fromCode}</td>
      <td data-label={t('moves.toCol')}>{m.toCode}</td>
      <td data-label={t('moves.quantity')}>{m.quantity || '–'}</td>
      <td data-label={t('moves.reason')}>{t(`moves.reasons.${m.reason}`, { defaultValue: m.reason })}</td>
      <td data-label={t('moves.state')}>{m.provisional ? t('dock.provisionalShort') : t('moves.applied')}</td>
    </tr>
  );
});

function useStepLabel(): string {
  const { t } = useTranslation();
  const step = useMoveScan((s) => stepOf(s.draft));
  return step === 'from' ? t('moves.scanFrom') : step === 'what' ? t('moves.scanProduct') : t('moves.scanTo');
}

function ScanLabel() {
  return <>{useStepLabel()}</>;
}

function MoveSteps() {
  const { t } = useTranslation();
  const draft = useMoveScan((s) => s.draft);
  const step = stepOf(draft);
  return (
    <ol className="move-steps" aria-label={t('moves.steps')}>
      <li className={`move-step ${step === 'from' ? 'current' : 'done'}`} data-testid="move-from">
        {draft.from ? t('moves.from', { code: draft.from }) : t('moves.stepFrom')}
      </li>
      <li className={`move-step ${step === 'what' ? 'current' : step === 'to' ? 'done' : ''}`} data-testid="move-what">
        {draft.whole
          ? t('moves.wholeLpn')
          : draft.product
            ? t('moves.product', { code: draft.product })
            : t('moves.stepWhat')}
      </li>
      <li className={`move-step ${step === 'to' ? 'current' : ''}`}>{t('moves.stepTo')}</li>
    </ol>
  );
}

function MovePanel() {
  const panel = useMoveScan((s) => s.panel);
  const label = useStepLabel();
  return (
    <ScanVerdict
      tone={panel.kind === 'moved' ? 'received' : panel.kind === 'error' ? 'error' : 'none'}
      testId="move-panel"
      data={{ 'data-state': panel.kind }}
      prompt={label}
      code={panel.kind === 'moved' ? panel.to : panel.kind === 'error' ? panel.code : undefined}
      verdict={panel.kind === 'moved' ? panel.text : panel.kind === 'error' ? panel.message : undefined}
    />
  );
}

/**
 * The verdict of a move is painted before the server has seen it; when the server refuses it (more
 * than on hand, a place gone meanwhile) the green verdict turns into the refusal, with its sound.
 */
function RefusalWatcher() {
  const { t } = useTranslation();
  const panel = useMoveScan((s) => s.panel);
  const refusal = useRefusal(panel.kind === 'moved' ? panel.moveId : undefined);
  useEffect(() => {
    if (!refusal || panel.kind !== 'moved') return;
    scanFeedback('error');
    setMoveScan({
      panel: { kind: 'error', code: panel.to, message: t('moves.refusedByServer', { message: refusal.message }) },
    });
  }, [refusal, panel, t]);
  return null;
}

function QuantityField() {
  const { t } = useTranslation();
  const quantity = useMoveScan((s) => s.quantity);
  const enabled = useMoveScan((s) => stepOf(s.draft) === 'to' && !s.draft.whole);
  return (
    <label className="field">
      <span>{t('moves.quantity')}</span>
      <input
        name="quantity"
        type="number"
        min={1}
        inputMode="numeric"
        value={quantity}
        disabled={!enabled}
        onChange={(e) => setMoveScan({ quantity: e.target.value })}
      />
    </label>
  );
}

function DraftButtons() {
  const { t } = useTranslation();
  const draft = useMoveScan((s) => s.draft);
  const step = stepOf(draft);
  const isLpn = !!draft.from && lpnCodeSchema.safeParse(draft.from).success;
  return (
    <>
      {step === 'what' && isLpn && (
        <button type="button" className="btn" onClick={() => setMoveScan({ draft: { ...draft, whole: true } })}>
          {t('moves.moveWholeLpn')}
        </button>
      )}
      {step !== 'from' && (
        <button type="button" className="btn" onClick={() => setMoveScan({ draft: {}, panel: { kind: 'ready' } })}>
          {t('moves.startOver')}
        </button>
      )}
    </>
  );
}
