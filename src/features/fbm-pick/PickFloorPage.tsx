/**
 * The floor pick screen for a handheld (/apps/outbound/fbm-force/pick/$batchId; issue 20 step 3,
 * decision 0003): the batch's lines are in the device's replica, so it is picked offline. It shows
 * the next stop in walking order (zone, location, LPN, the item's picture, title and SKU, units
 * left); the picker scans the location, then the item (each scan one unit, or the count typed).
 * A wrong location or item is refused loudly, in words, with the error tone and vibration. A short
 * pick, with its reason, becomes a problem on the server. The newest pick not yet sent can be taken
 * back. Picks go out through the outbox; one the server refuses is shown here with its words until
 * it is retried or discarded.
 */
import { Link, useParams } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { judgePickScan, leftToPick, nextStop, openAt } from '../../../domain/rules/fbm-pick';
import { SHORT_PICK_REASONS, type PickLineRow, type ShortPickReason } from '../../../domain/schemas/fbm-pick';
import { undoPendingPick, withDrainLock } from '../../../sync/mutations/fbm-pick';
import { LocalRejection } from '../../../sync/mutations/types';
import { ScanForm } from '../../scan/ScanForm';
import { scanFeedback } from '../../scan/feedback';
import { useWedgeScanner } from '../../scan/useWedgeScanner';
import { useSession } from '../../app/session';
import { useSyncEngine } from '../../app/sync';
import { usePickView } from './queries';
import { PICK_LIST } from './routes';
import { refusalWords, totesOf, type Words } from './words';
import './fbm-pick.css';

const CameraScanner = lazy(() => import('../../scan/CameraScanner'));

type Verdict = { tone: 'ok' | 'error' | 'info'; words: Words; raw?: string };

export default function PickFloorPage() {
  const { t } = useTranslation();
  const { batchId: raw } = useParams({ strict: false }) as { batchId?: string };
  const batchId = Number(raw);
  const engine = useSyncEngine();
  const user = useSession((s) => s.user);
  const view = usePickView(batchId);
  const [at, setAt] = useState<string | null>(null);
  const [count, setCount] = useState('');
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [camera, setCamera] = useState(false);
  const [shortOpen, setShortOpen] = useState(false);
  const [reason, setReason] = useState<ShortPickReason>('not_found');
  const [pulling, setPulling] = useState(false);
  // The scan reads the newest lines and location without waiting for a render.
  const linesRef = useRef<PickLineRow[]>([]);
  linesRef.current = view?.lines ?? [];
  const atRef = useRef<string | null>(null);
  atRef.current = at;
  const countRef = useRef('');
  countRef.current = count;

  // Opening the batch online brings its newest lines (the device may have been offline when it was made).
  useEffect(() => {
    if (!engine) return;
    setPulling(true);
    void engine
      .pull()
      .catch(() => undefined)
      .finally(() => setPulling(false));
  }, [engine, batchId]);

  const say = (tone: Verdict['tone'], key: string, values: Words['values'] = {}, rawText?: string) => {
    setVerdict({ tone, words: { key, values }, raw: rawText });
    if (tone !== 'info') scanFeedback(tone === 'ok' ? 'ok' : 'error');
  };

  const open = view?.batch.status === 'open' || view?.batch.status === 'picking';

  const scan = async (rawCode: string) => {
    const code = rawCode.trim();
    if (!code || !engine || !view) return;
    const quantity = Math.max(1, Number.parseInt(countRef.current, 10) || 1);
    const lines = linesRef.current;
    const v = judgePickScan(lines, atRef.current, code, quantity);
    if (!v.ok) {
      const w = refusalWords(v);
      return say('error', w.key, w.values);
    }
    if (v.kind === 'location') {
      setAt(v.location);
      return say('info', 'fbmPick.atLocation', {
        location: v.location,
        left: leftToPick(v.stop),
        item: v.stop.sku ?? v.stop.productKey,
      });
    }
    const line = v.line;
    try {
      await engine.mutate('fbmPick.record', {
        id: crypto.randomUUID(),
        batchId,
        batchLineId: line.id,
        location: line.location,
        productCode: code,
        quantity: v.quantity,
        pickedAt: new Date().toISOString(),
      });
    } catch (err) {
      return say('error', 'fbmPick.deviceRefused', {}, err instanceof LocalRejection ? err.message : String(err));
    }
    setCount('');
    const done = line.picked + v.quantity >= line.quantity - line.short;
    const stillHere = openAt(lines, line.location).filter((l) => l.id !== line.id || !done).length > 0;
    if (!stillHere) setAt(null);
    say('ok', 'fbmPick.picked', {
      quantity: v.quantity,
      item: line.sku ?? line.productKey,
      picked: line.picked + v.quantity,
      of: line.quantity,
      order: line.marketplaceOrderId,
    });
  };

  useWedgeScanner((code) => void scan(code), { enabled: !!view && open && !shortOpen });

  const stop = useMemo(() => {
    if (!view) return null;
    if (at) return openAt(view.lines, at)[0] ?? nextStop(view.lines);
    return nextStop(view.lines);
  }, [view, at]);

  const recordShort = async () => {
    if (!engine || !stop) return;
    try {
      await engine.mutate('fbmPick.record', {
        id: crypto.randomUUID(),
        batchId,
        batchLineId: stop.id,
        location: stop.location,
        productCode: null,
        quantity: 0,
        short: true,
        reason,
        pickedAt: new Date().toISOString(),
      });
      setShortOpen(false);
      setAt(null);
      say('info', 'fbmPick.shortDone', { left: leftToPick(stop), item: stop.sku ?? stop.productKey });
    } catch (err) {
      say('error', 'fbmPick.deviceRefused', {}, err instanceof Error ? err.message : String(err));
    }
  };

  const undo = async () => {
    if (!engine || !user || !view?.pending.length) return;
    const last = view.pending[view.pending.length - 1];
    const undone = await withDrainLock(user.tenantKey, user.id, () => undoPendingPick(engine.db, last.id));
    await engine.refresh();
    // null: a push is on its way right now; false: the pick has left the outbox.
    if (undone) say('info', 'fbmPick.undone', {});
    else say('error', undone === null ? 'fbmPick.undoSending' : 'fbmPick.undoTooLate', {});
  };

  if (!Number.isInteger(batchId) || batchId <= 0)
    return (
      <div className="page">
        <p className="notice" role="alert">
          {t('fbmPick.badBatch')}
        </p>
      </div>
    );
  if (view === undefined) return <p className="muted">{t('app.loading')}</p>;
  if (view === null)
    return (
      <div className="page pick-floor">
        <h1>{t('fbmPick.title')}</h1>
        <p className="notice" role="alert" data-testid="pick-not-on-device">
          {pulling ? t('fbmPick.fetching') : t('fbmPick.notOnDevice', { batchId })}
        </p>
        <button type="button" className="btn" onClick={() => engine && void engine.pull().catch(() => undefined)}>
          {t('fbmPick.fetchAgain')}
        </button>{' '}
        <Link to={PICK_LIST} className="btn">
          {t('fbmPick.toPickList')}
        </Link>
      </div>
    );

  const units = view.lines.reduce((n, l) => n + l.quantity, 0);
  const picked = view.lines.reduce((n, l) => n + l.picked, 0);
  const short = view.lines.reduce((n, l) => n + l.short, 0);
  const allDone = view.lines.length > 0 && view.lines.every((l) => leftToPick(l) === 0);

  return (
    <div className="page pick-floor" data-testid="pick-floor" data-batch={view.batch.id}>
      <h1>
        {t('fbmPick.title')} · {view.batch.number}
      </h1>
      <p className="pick-progress-line" data-testid="pick-progress" data-picked={picked} data-units={units}>
        {t('fbmPick.progress', { picked, units, short })}
        {view.pending.length > 0 && (
          <span className="muted" data-testid="pick-pending" data-count={view.pending.length}>
            {' '}
            · {t('fbmPick.pending', { count: view.pending.length })}
          </span>
        )}
      </p>
      {verdict && (
        <p
          className={`pick-verdict pick-verdict-${verdict.tone}`}
          role={verdict.tone === 'error' ? 'alert' : 'status'}
          data-testid="pick-verdict"
          data-tone={verdict.tone}
        >
          {t(verdict.words.key, verdict.words.values)}
          {verdict.raw && <span className="pick-verdict-raw"> {verdict.raw}</span>}
        </p>
      )}
      {view.refused.length > 0 && (
        <section className="pick-refused" data-testid="pick-refused" aria-label={t('fbmPick.refusedTitle')}>
          <h2>{t('fbmPick.refusedTitle')}</h2>
          <ul>
            {view.refused.map((r) => {
              const line = view.lines.find((l) => l.id === r.args.batchLineId);
              return (
                <li key={r.id} data-refused={r.id}>
                  <strong>
                    {r.args.short
                      ? t('fbmPick.refusedShort', { item: line?.sku ?? line?.productKey ?? '' })
                      : t('fbmPick.refusedPick', {
                          quantity: r.args.quantity,
                          item: line?.sku ?? r.args.productCode ?? '',
                          location: r.args.location,
                        })}
                  </strong>
                  <span className="pick-refused-message">{r.message}</span>
                  <span className="pick-refused-actions">
                    <button type="button" className="btn" onClick={() => engine && void engine.retry(r.id)}>
                      {t('sync.retry')}
                    </button>
                    <button
                      type="button"
                      className="btn"
                      onClick={() =>
                        engine &&
                        window.confirm(t('sync.discardConfirm')) &&
                        void engine.discard(r.id, { confirmed: true })
                      }
                    >
                      {t('sync.discard')}
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {!open && !allDone && (
        <p className="notice" role="status" data-testid="pick-closed">
          {t('fbmPick.batchClosed', { number: view.batch.number, status: t(`fbmPick.status.${view.batch.status}`) })}
        </p>
      )}
      {allDone ? (
        <section className="pick-done" data-testid="pick-done">
          <h2>{t('fbmPick.batchPicked')}</h2>
          <p>{t('fbmPick.batchPickedHint')}</p>
          <table className="table">
            <thead>
              <tr>
                <th>{t('fbmPick.col.order')}</th>
                <th>{t('fbmPick.col.picked')}</th>
                <th>{t('fbmPick.col.short')}</th>
              </tr>
            </thead>
            <tbody>
              {totesOf(view.lines).map((tote) => (
                <tr key={tote.order} data-order={tote.order}>
                  <td>{tote.order}</td>
                  <td>
                    {tote.picked}/{tote.units}
                  </td>
                  <td>{tote.short || ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : (
        stop && (
          <section
            className="pick-stop"
            data-testid="pick-stop"
            data-location={stop.location}
            data-line={stop.id}
            data-code={stop.sku ?? stop.productKey}
            data-left={leftToPick(stop)}
            data-here={at === stop.location}
          >
            <div className="pick-stop-where">
              <span className="pick-zone">{stop.zone ?? t('fbmPick.noZone')}</span>
              <strong className="pick-location" data-testid="pick-location">
                {stop.location}
              </strong>
              {stop.lpn && <span className="pick-lpn">{stop.lpn}</span>}
              <span className={at === stop.location ? 'pick-here ok' : 'pick-here'}>
                {at === stop.location ? t('fbmPick.atHere') : t('fbmPick.goTo')}
              </span>
            </div>
            <div className="pick-stop-what">
              {stop.imageUrl ? (
                <img src={stop.imageUrl} alt="" width={64} height={64} loading="lazy" />
              ) : (
                <span className="pick-noimage" aria-hidden="true" />
              )}
              <div>
                <div className="pick-title">{stop.title ?? stop.productKey}</div>
                <div className="muted">
                  {t('fbmPick.sku')}: {stop.sku ?? stop.productKey} · {t('fbmPick.order')}: {stop.marketplaceOrderId}
                </div>
              </div>
              <strong className="pick-left" data-testid="pick-left">
                {t('fbmPick.left', { count: leftToPick(stop) })}
              </strong>
            </div>
          </section>
        )
      )}
      {open && !allDone && (
        <ScanForm
          label={at ? t('fbmPick.scanItem') : t('fbmPick.scanLocation')}
          name="code"
          addLabel={t('fbmPick.add')}
          onScan={(code) => void scan(code)}
          camera={camera}
          onCamera={() => setCamera((c) => !c)}
          fields={
            <label className="field pick-count">
              <span>{t('fbmPick.count')}</span>
              <input
                name="count"
                inputMode="numeric"
                value={count}
                placeholder="1"
                onChange={(e) => setCount(e.target.value.replace(/\D/g, ''))}
              />
            </label>
          }
        />
      )}
      {camera && (
        <Suspense fallback={<p className="muted">{t('app.loading')}</p>}>
          <CameraScanner onScan={(code) => void scan(code)} onClose={() => setCamera(false)} />
        </Suspense>
      )}
      <div className="pick-actions">
        {open && !allDone && stop && (
          <button
            type="button"
            className="btn"
            data-testid="pick-short-toggle"
            aria-expanded={shortOpen}
            onClick={() => setShortOpen((s) => !s)}
          >
            {t('fbmPick.short')}
          </button>
        )}
        <button
          type="button"
          className="btn"
          data-testid="pick-undo"
          disabled={!view.pending.length}
          onClick={() => void undo()}
        >
          {t('fbmPick.undo')}
        </button>
        <Link to={PICK_LIST} className="btn">
          {t('fbmPick.toPickList')}
        </Link>
      </div>
      {shortOpen && stop && (
        <form
          className="pick-short"
          aria-label={t('fbmPick.short')}
          onSubmit={(e) => {
            e.preventDefault();
            void recordShort();
          }}
        >
          <p>
            {t('fbmPick.shortAsk', {
              left: leftToPick(stop),
              item: stop.sku ?? stop.productKey,
              location: stop.location,
            })}
          </p>
          <label className="field">
            <span>{t('fbmPick.reason')}</span>
            <select name="reason" value={reason} onChange={(e) => setReason(e.target.value as ShortPickReason)}>
              {SHORT_PICK_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`fbmPick.reasons.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn primary">
            {t('fbmPick.shortConfirm')}
          </button>
        </form>
      )}
      {!allDone && (
        <details className="pick-all">
          <summary>{t('fbmPick.allStops', { count: view.lines.filter((l) => leftToPick(l) > 0).length })}</summary>
          <ol>
            {view.lines.map((l) => (
              <li key={l.id} className={leftToPick(l) === 0 ? 'muted' : ''}>
                {l.location} · {l.sku ?? l.productKey} · {l.picked}/{l.quantity}
                {l.short ? ` (${t('fbmPick.shortCount', { count: l.short })})` : ''}
              </li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}
