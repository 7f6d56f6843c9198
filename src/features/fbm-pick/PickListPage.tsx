/**
 * The force console's pick list (/apps/outbound/fbm-force/pick-list, issue 20 step 3): reserve
 * the orders still awaiting their stock (issue 38: the same control as the console's), make a
 * pick batch from reserved orders (a store's, or a client's, at most N orders, oldest first), see
 * the open batches with their progress, print a batch's pick list in walking order (PDF), open it
 * on the floor (the handheld screen), cancel it.
 */
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { pageSchema } from '../../../domain/paging';
import {
  forceSummarySchema,
  pickBatchDetailSchema,
  pickBatchSchema,
  type ForceSummary,
  type PickBatchDetail,
} from '../../../domain/schemas/fbm-pick';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { pickListPdf } from './pick-list-pdf';
import { ReservePanel } from './ReservePanel';
import { FORCE_ROOT, pickFloorHref } from './routes';
import { formatDateTime } from '../../../domain/format';

type Batch = (typeof pickBatchSchema)['_output'];
const batchPage = pageSchema(pickBatchSchema);
const failure = (err: unknown) => (err instanceof ApiFailure ? err.messages.join(' ') : String(err));

export default function PickListPage() {
  const { t, i18n } = useTranslation();
  const [summary, setSummary] = useState<ForceSummary | null>(null);
  const [batches, setBatches] = useState<Batch[] | null>(null);
  const [storeId, setStoreId] = useState('');
  const [maxOrders, setMaxOrders] = useState('50');
  const [formError, setFormError] = useState<string | null>(null);
  const [made, setMade] = useState<PickBatchDetail | null>(null);
  const [rowError, setRowError] = useState<{ id: number; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [showDone, setShowDone] = useState(false);

  const load = useCallback(async () => {
    const [s, page] = await Promise.all([
      getAs('/api/fbm/web/force/summary', forceSummarySchema, { quiet: true, background: true }),
      getAs('/api/fbm/web/pick/batch', batchPage, { quiet: true, background: true, query: { pageSize: 100 } }),
    ]);
    setSummary(s);
    setBatches(page.content);
    setStoreId((cur) => cur || (s.stores[0] ? String(s.stores[0].id) : ''));
  }, []);
  useEffect(() => {
    load().catch((err: unknown) => setFormError(failure(err)));
  }, [load]);

  const make = async (e: FormEvent) => {
    e.preventDefault();
    const max = Number(maxOrders);
    if (!storeId) return setFormError(t('fbmPick.list.chooseStore'));
    if (!Number.isInteger(max) || max < 1 || max > 500) return setFormError(t('fbmPick.list.badMax'));
    setFormError(null);
    setBusy(true);
    try {
      const store = summary?.stores.find((s) => String(s.id) === storeId);
      const body = storeId.startsWith('c')
        ? { companyId: Number(storeId.slice(1)), maxOrders: max }
        : { storeId: store?.id ?? Number(storeId), maxOrders: max };
      setMade(
        await postAs('/api/fbm/web/pick/batch', body, pickBatchDetailSchema, { quiet: true, inlineRefusal: true }),
      );
      await load();
    } catch (err) {
      setFormError(failure(err));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (b: Batch) => {
    if (!window.confirm(t('fbmPick.list.cancelConfirm', { number: b.number }))) return;
    try {
      await postAs(`/api/fbm/web/pick/batch/${b.id}/cancel`, {}, pickBatchDetailSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      setRowError(null);
      await load();
    } catch (err) {
      setRowError({ id: b.id, message: failure(err) });
    }
  };

  const print = async (b: Batch) => {
    try {
      const detail = await getAs(`/api/fbm/web/pick/batch/${b.id}`, pickBatchDetailSchema, { quiet: true });
      const bytes = await pickListPdf(detail, {
        title: t('fbmPick.list.pdfTitle'),
        columns: [
          t('fbmPick.col.zone'),
          t('fbmPick.col.location'),
          t('fbmPick.col.lpn'),
          t('fbmPick.col.sku'),
          t('fbmPick.col.title'),
          t('fbmPick.col.qty'),
          t('fbmPick.col.order'),
        ],
        footer: t('fbmPick.list.pdfFooter', { orders: detail.orders, units: detail.units }),
      });
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${b.number}-pick-list.pdf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      setRowError({ id: b.id, message: failure(err) });
    }
  };

  const companies = [...new Map((summary?.stores ?? []).map((s) => [s.companyId, s])).values()];
  const shown = (batches ?? []).filter((b) => showDone || b.status === 'open' || b.status === 'picking');
  return (
    <div className="page" data-testid="pick-list">
      <h1>{t('fbmPick.list.title')}</h1>
      <p>
        <Link to={FORCE_ROOT}>{t('fbmPick.console.title')}</Link>
      </p>
      {/* Orders still to reserve: reserved here, so the list never dead-ends (kept mounted: its answer stays). */}
      <ReservePanel summary={summary} onDone={() => void load().catch((err: unknown) => setFormError(failure(err)))} />
      <h2>{t('fbmPick.list.make')}</h2>
      {summary && !summary.stores.length && (
        <p className="muted" data-testid="pick-none-reserved">
          {summary.toReserve > 0 ? t('fbmPick.list.reserveFirst') : t('fbmPick.list.nothingAwaits')}
        </p>
      )}
      <form className="inline-form" aria-label={t('fbmPick.list.make')} onSubmit={(e) => void make(e)}>
        <label className="field">
          <span>{t('fbmPick.list.from')}</span>
          <select name="source" value={storeId} onChange={(e) => setStoreId(e.target.value)}>
            {!summary?.stores.length && <option value="">{t('fbmPick.list.noneReserved')}</option>}
            {summary?.stores.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {t('fbmPick.list.storeOption', { store: s.name, client: s.companyName, count: s.reserved })}
              </option>
            ))}
            {companies.length > 0 && (
              <optgroup label={t('fbmPick.list.byClient')}>
                {companies.map((c) => (
                  <option key={`c${c.companyId}`} value={`c${c.companyId}`}>
                    {t('fbmPick.list.clientOption', {
                      client: c.companyName,
                      count: summary!.stores
                        .filter((s) => s.companyId === c.companyId)
                        .reduce((n, s) => n + s.reserved, 0),
                    })}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </label>
        <label className="field">
          <span>{t('fbmPick.list.maxOrders')}</span>
          <input
            name="maxOrders"
            inputMode="numeric"
            value={maxOrders}
            onChange={(e) => setMaxOrders(e.target.value)}
          />
        </label>
        <button className="btn primary" type="submit" disabled={busy || !summary?.stores.length}>
          {t('fbmPick.list.make')}
        </button>
        {formError && (
          <span className="form-error" role="alert">
            {formError}
          </span>
        )}
      </form>
      {made && (
        <p className="notice" role="status" data-testid="pick-made">
          {t('fbmPick.list.made', { number: made.number, orders: made.orders, units: made.units })}{' '}
          {made.unallocated.length > 0 && t('fbmPick.list.unallocated', { count: made.unallocated.length })}{' '}
          <Link to={pickFloorHref(made.id)}>{t('fbmPick.list.openFloor')}</Link>
        </p>
      )}
      <h2>{t('fbmPick.list.batches')}</h2>
      <label className="check">
        <input type="checkbox" checked={showDone} onChange={(e) => setShowDone(e.target.checked)} />{' '}
        {t('fbmPick.list.showDone')}
      </label>
      {batches === null ? (
        <p className="muted">{t('app.loading')}</p>
      ) : shown.length === 0 ? (
        <p className="grid-state" data-testid="pick-no-batches">
          {t('fbmPick.list.noBatches')}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="pick-batches">
            <thead>
              <tr>
                <th>{t('fbmPick.col.batch')}</th>
                <th>{t('fbmPick.col.status')}</th>
                <th>{t('fbmPick.col.orders')}</th>
                <th>{t('fbmPick.col.progress')}</th>
                <th>{t('fbmPick.col.created')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {shown.map((b) => (
                <tr key={b.id} data-batch={b.number}>
                  <td>{b.number}</td>
                  <td>{t(`fbmPick.status.${b.status}`)}</td>
                  <td>{b.orders}</td>
                  <td>
                    <progress max={b.units || 1} value={b.picked + b.short} />{' '}
                    {t('fbmPick.progress', { picked: b.picked, units: b.units, short: b.short })}
                  </td>
                  <td>{formatDateTime(i18n.language, b.createdAt)}</td>
                  <td className="row-actions">
                    {(b.status === 'open' || b.status === 'picking') && (
                      <Link className="btn" to={pickFloorHref(b.id)} data-testid="pick-open-floor">
                        {t('fbmPick.list.openFloor')}
                      </Link>
                    )}
                    <button type="button" className="btn" onClick={() => void print(b)}>
                      {t('fbmPick.list.print')}
                    </button>
                    {(b.status === 'open' || b.status === 'picking') && (
                      <button type="button" className="btn" onClick={() => void cancel(b)}>
                        {t('fbmPick.list.cancel')}
                      </button>
                    )}
                    {rowError?.id === b.id && (
                      <span className="form-error" role="alert">
                        {rowError.message}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
