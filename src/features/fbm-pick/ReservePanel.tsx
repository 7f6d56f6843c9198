/**
 * Reserving from the FBM screens (issue 38): the awaiting orders of a store or of a client (every
 * store of it) hold their units of the client's pickable stock, and the answer is shown per order —
 * reserved, partly, or not, with each line that could not be held in words (its SKU, what it needs,
 * what is free and on hand). `ReserveOutcome` is the same answer for one order's panel.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { reserveResultSchema, type ForceSummary, type ReserveResult } from '../../../domain/schemas/fbm-pick';
import { ApiFailure } from '../../api/client';
import { postAs } from '../../api/typed';
import { reserveByOrder, reserveLineWords } from './words';

const failure = (err: unknown) => (err instanceof ApiFailure ? err.messages.join(' ') : String(err));

/** Reserve the awaiting orders of one store or one client; `onDone` reads the counts again. */
export function ReservePanel({ summary, onDone }: { summary: ForceSummary | null; onDone: () => void }) {
  const { t } = useTranslation();
  const stores = summary?.toReserveStores ?? [];
  const companies = [...new Map(stores.map((s) => [s.companyId, s])).values()];
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ReserveResult | null>(null);
  const from = chosen || (stores[0] ? String(stores[0].id) : '');

  const reserve = async (e: FormEvent) => {
    e.preventDefault();
    if (!from) return;
    setBusy(true);
    setError(null);
    try {
      const path = from.startsWith('c')
        ? `/api/fbm/web/reserve/awaiting/items/company/${from.slice(1)}`
        : `/api/fbm/web/reserve/awaiting/items/store/${from}`;
      setResult(await postAs(path, {}, reserveResultSchema, { quiet: true, inlineRefusal: true }));
      setChosen('');
      onDone();
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section data-testid="reserve-panel" aria-label={t('fbmPick.reserve.title')}>
      <h2>{t('fbmPick.reserve.title')}</h2>
      {summary && !stores.length ? (
        <p className="muted" data-testid="reserve-none">
          {t('fbmPick.reserve.none')}
        </p>
      ) : (
        <form className="inline-form" aria-label={t('fbmPick.reserve.title')} onSubmit={(e) => void reserve(e)}>
          <label className="field">
            <span>{t('fbmPick.reserve.from')}</span>
            <select name="reserveFrom" value={from} onChange={(e) => setChosen(e.target.value)}>
              {stores.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {t('fbmPick.reserve.storeOption', { store: s.name, client: s.companyName, count: s.orders })}
                </option>
              ))}
              {companies.length > 0 && (
                <optgroup label={t('fbmPick.reserve.byClient')}>
                  {companies.map((c) => (
                    <option key={`c${c.companyId}`} value={`c${c.companyId}`}>
                      {t('fbmPick.reserve.clientOption', {
                        client: c.companyName,
                        count: stores.filter((s) => s.companyId === c.companyId).reduce((n, s) => n + s.orders, 0),
                      })}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
          </label>
          <button className="btn primary" type="submit" data-testid="reserve-submit" disabled={busy || !from}>
            {t('fbmPick.reserve.submit')}
          </button>
        </form>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {result && <ReserveOutcome result={result} />}
    </section>
  );
}

/** What a reserve call did, per order: reserved, partly or not, and why for each line not held. */
export function ReserveOutcome({ result }: { result: ReserveResult }) {
  const { t } = useTranslation();
  const orders = reserveByOrder(result.lines);
  return (
    <div className="notice" role="status" data-testid="reserve-result">
      <p>
        {t('fbmPick.reserve.summary', {
          held: result.held,
          already: result.alreadyHeld,
          notHeld: result.notHeld,
        })}
      </p>
      {orders.length === 0 ? (
        <p>{t('fbmPick.reserve.noLines')}</p>
      ) : (
        <ul data-testid="reserve-orders">
          {orders.map((o) => (
            <li key={o.orderId} data-order={o.order} data-outcome={o.outcome}>
              {t('fbmPick.reserve.orderLine', { order: o.order, outcome: t(`fbmPick.reserve.outcome.${o.outcome}`) })}
              {o.outcome !== 'reserved' && o.outcome !== 'nothing' && (
                <ul>
                  {o.lines
                    .filter((l) => l.outcome !== 'held' && l.outcome !== 'already_held')
                    .map((l) => {
                      const w = reserveLineWords(l);
                      return (
                        <li key={l.orderLineId} data-line={l.lineId} data-reason={l.outcome}>
                          {t(w.key, w.values)}
                        </li>
                      );
                    })}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
