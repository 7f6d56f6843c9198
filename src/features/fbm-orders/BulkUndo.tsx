/**
 * The orders desk's bulk cancel / reopen of every shipment: the ticked orders, "Cancel shipments"
 * or "Reopen shipments" behind a confirm (units go back to FBM-PACK; a marketplace already told
 * keeps the order shipped), then one result per order with the server's words for a refusal. Each
 * order is undone whole on the server, once, however often this is pressed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bulkUndoResultSchema, type BulkUndoResult } from '../../../domain/schemas/fbm-ship';
import { ApiFailure } from '../../api/client';
import { postAs } from '../../api/typed';
import { ConfirmDialog } from '../fba/ConfirmDialog';

type Action = 'cancel' | 'reopen';
const PATH: Record<Action, string> = {
  cancel: '/api/fbm/web/bulk/cancel/all/shipment',
  reopen: '/api/fbm/web/bulk/reopen/all/shipment',
};

export function BulkUndo({
  picked,
  onClear,
  onDone,
}: {
  picked: Map<number, string>;
  onClear: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<{ action: Action; names: Map<number, string>; body: BulkUndoResult } | null>(
    null,
  );

  const run = async (action: Action) => {
    setBusy(true);
    setError('');
    const names = new Map(picked);
    try {
      const body = await postAs(PATH[action], { orderIds: [...names.keys()] }, bulkUndoResultSchema, { quiet: true });
      setResult({ action, names, body });
      onClear();
      onDone();
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  const outcome = (action: Action, r: BulkUndoResult['results'][number]) => {
    if (!r.ok) return r.message ?? t('fbmOrders.bulkUndo.refused');
    const done =
      action === 'cancel'
        ? t('fbmOrders.bulkUndo.cancelled', { count: r.cancelled, units: r.unitsBack })
        : r.reopened
          ? t('fbmOrders.bulkUndo.reopened', { units: r.held })
          : '';
    return [done, r.message].filter(Boolean).join(' · ');
  };

  return (
    <>
      <div className="toolbar" data-testid="bulk-undo">
        <span className="muted">{t('fbmOrders.bulkUndo.chosen', { count: picked.size })}</span>
        <button
          type="button"
          className="btn"
          data-testid="bulk-cancel-shipments"
          disabled={!picked.size || busy}
          onClick={() => setAsking('cancel')}
        >
          {t('fbmOrders.bulkUndo.cancel')}
        </button>
        <button
          type="button"
          className="btn"
          data-testid="bulk-reopen-shipments"
          disabled={!picked.size || busy}
          onClick={() => setAsking('reopen')}
        >
          {t('fbmOrders.bulkUndo.reopen')}
        </button>
        {picked.size > 0 && (
          <button type="button" className="btn link" onClick={onClear}>
            {t('fbmOrders.bulkUndo.clear')}
          </button>
        )}
      </div>
      {error && (
        <p className="card form-error" role="alert">
          {error}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={t(`fbmOrders.bulkUndo.${asking}`)}
          message={t(`fbmOrders.bulkUndo.${asking}Confirm`, {
            count: picked.size,
            orders: [...picked.values()].slice(0, 10).join(', '),
          })}
          confirmLabel={t(`fbmOrders.bulkUndo.${asking}`)}
          danger={asking === 'cancel'}
          busy={busy}
          onConfirm={() => void run(asking)}
          onClose={() => setAsking(null)}
        />
      )}
      {result && (
        <section className="card" data-testid="bulk-undo-result" aria-live="polite">
          <p>
            {t(`fbmOrders.bulkUndo.${result.action}Done`, { done: result.body.done, failed: result.body.failed })}{' '}
            <button type="button" className="btn small" onClick={() => setResult(null)}>
              {t('fbmOrders.detail.close')}
            </button>
          </p>
          <table className="report">
            <thead>
              <tr>
                <th>{t('fbmOrders.order')}</th>
                <th>{t('fbmOrders.status')}</th>
                <th>{t('fbmOrders.bulkUndo.outcome')}</th>
              </tr>
            </thead>
            <tbody>
              {result.body.results.map((r) => (
                <tr key={r.orderId} data-order={r.orderId} data-ok={r.ok}>
                  <td>{result.names.get(r.orderId) ?? r.orderId}</td>
                  <td>{r.status ? t(`fbmOrders.statuses.${r.status}`, { defaultValue: r.status }) : '–'}</td>
                  <td className={r.ok ? undefined : 'form-error'}>{outcome(result.action, r)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}
