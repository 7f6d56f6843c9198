/**
 * Batch workspace (/apps/inbound/batch-workspace/:batchId): a purchase order's items and tracking
 * numbers, editable until receiving starts (the server enforces it too: 412 afterwards), and its
 * progress — units counted per item, packages delivered — once it has.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  batchDetailSchema,
  trackingAddSchema,
  type BatchDetail as Batch,
  type BatchItemRecord as BatchItem,
  type PoItem,
} from '../../../../domain/schemas/inbound';
import { deletedSchema } from '../../../../domain/schemas/common';
import { ApiFailure } from '../../../api/client';
import { delAs, getAs, postAs, putAs } from '../../../api/typed';
import { mayOpen } from '../../../app/guard';
import { useFeedback } from '../../../ui/feedback-store';
import { ItemForm } from './ItemForm';
import { formatDateTime, formatNumber } from '../../../../domain/format';

const failureText = (err: unknown): string => (err instanceof ApiFailure ? err.message : String(err));

export default function BatchWorkspacePage() {
  const { t, i18n } = useTranslation();
  const { batchId } = useParams({ strict: false }) as { batchId: string };
  const qc = useQueryClient();
  const navigate = useNavigate();
  const toast = useFeedback((s) => s.toast);
  const key = ['batch', batchId];
  const batch = useQuery({
    queryKey: key,
    queryFn: () => getAs(`/api/ship/batch/${batchId}`, batchDetailSchema, { quiet: true, inlineRefusal: true }),
    retry: false,
  });
  const [editing, setEditing] = useState<BatchItem | 'new' | null>(null);
  const [tracking, setTracking] = useState('');
  const [trackingError, setTrackingError] = useState<string | null>(null);

  if (batch.isPending) return <p className="muted">{t('app.loading')}</p>;
  if (batch.isError)
    return (
      <p className="form-error" role="alert">
        {failureText(batch.error)}
      </p>
    );
  const b = batch.data;
  const saved = (next: Batch) => qc.setQueryData(key, next);

  const saveItem = async (item: PoItem): Promise<string | null> => {
    try {
      const target = editing === 'new' || !editing ? null : editing;
      saved(
        target
          ? await putAs(`/api/ship/batch/${b.id}/items/${target.id}`, item, batchDetailSchema, {
              quiet: true,
              inlineRefusal: true,
            })
          : await postAs(`/api/ship/batch/${b.id}/items`, item, batchDetailSchema, {
              quiet: true,
              inlineRefusal: true,
            }),
      );
      setEditing(null);
      toast('success', t('po.itemSaved'));
      return null;
    } catch (err) {
      return failureText(err);
    }
  };
  const removeItem = async (item: BatchItem) => {
    if (!window.confirm(t('po.removeItemConfirm', { title: item.title }))) return;
    saved(await delAs(`/api/ship/batch/${b.id}/items/${item.id}`, batchDetailSchema));
  };
  const addTracking = async () => {
    const parsed = trackingAddSchema.safeParse({ trackingNumbers: tracking.split(/[\s,;]+/).filter(Boolean) });
    if (!parsed.success) return setTrackingError(parsed.error.issues[0]?.message ?? t('po.trackingHint'));
    try {
      saved(
        await postAs(`/api/ship/batch/${b.id}/tracking`, parsed.data, batchDetailSchema, {
          quiet: true,
          inlineRefusal: true,
        }),
      );
      setTracking('');
      setTrackingError(null);
    } catch (err) {
      setTrackingError(failureText(err));
    }
  };
  const removeTracking = async (id: number) =>
    saved(await delAs(`/api/ship/batch/${b.id}/tracking/${id}`, batchDetailSchema));
  const deleteBatch = async () => {
    if (!window.confirm(t('po.deleteConfirm', { name: b.batchName }))) return;
    await delAs(`/api/ship/batch/${b.id}`, deletedSchema);
    void navigate({ to: '/apps/inbound/uploaded-batches/po/$type', params: { type: 'all' } });
  };

  const units = b.items.reduce((n, i) => n + i.expectedQty, 0);
  const counted = b.items.reduce((n, i) => n + i.receivedQty + i.damagedQty, 0);

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>{b.batchName}</h1>
          <p className="muted">
            {[b.accountNo, b.companyName, b.storeName].filter(Boolean).join(' · ')} ·{' '}
            <span className={`pill stage-${b.stage}`} data-testid="batch-stage">
              {t(`po.stages.${b.stage}`)}
            </span>
          </p>
        </div>
        <div className="button-row">
          <Link to="/apps/inbound/uploaded-batches/po/$type" params={{ type: 'all' }} className="btn">
            {t('po.backToList')}
          </Link>
          {mayOpen({ resource: 'receiveInventory', action: 'create', warehouseOnly: true }) && b.items.length > 0 && (
            <Link
              to="/apps/inbound/package-scan"
              search={{ batchName: b.batchName, accountNo: b.accountNo ?? '' }}
              className="btn primary"
            >
              {t('itemScan.scanItems')}
            </Link>
          )}
          {b.editable && (
            <button type="button" className="btn danger" onClick={() => void deleteBatch()}>
              {t('po.deleteBatch')}
            </button>
          )}
        </div>
      </div>
      {!b.editable && (
        <p className="card locked" role="status">
          {t('po.locked')}
        </p>
      )}

      <section className="card" aria-labelledby="items-head">
        <div className="page-head">
          <h2 id="items-head">{t('po.itemsTitle', { count: b.items.length, counted, units })}</h2>
          {b.editable && editing === null && (
            <button type="button" className="btn primary" onClick={() => setEditing('new')}>
              {t('po.addItem')}
            </button>
          )}
        </div>
        {editing !== null && (
          <ItemForm
            key={editing === 'new' ? 'new' : editing.id}
            initial={editing === 'new' ? undefined : editing}
            onSave={saveItem}
            onCancel={() => setEditing(null)}
          />
        )}
        {b.items.length === 0 ? (
          <p className="muted">{t('po.noItems')}</p>
        ) : (
          <div className="table-wrap">
            <table className="grid" data-testid="batch-items">
              <thead>
                <tr>
                  <th>{t('po.fields.title')}</th>
                  <th>{t('po.codes')}</th>
                  <th>{t('po.fields.itemAction')}</th>
                  <th>{t('po.fields.expectedQty')}</th>
                  <th>{t('po.fields.packSize')}</th>
                  <th>{t('po.counted')}</th>
                  <th>{t('po.itemStatus')}</th>
                  {b.editable && <th aria-label={t('po.actions')} />}
                </tr>
              </thead>
              <tbody>
                {b.items.map((i) => (
                  <tr key={i.id}>
                    <td>{i.title}</td>
                    <td className="codes">{[i.asin, i.fnsku, i.msku, i.upc].filter(Boolean).join(' · ')}</td>
                    <td>{t(`po.types.${i.itemAction}`)}</td>
                    <td>{formatNumber(i18n.language, i.expectedQty)}</td>
                    <td>{i.packSize}</td>
                    <td>{t('po.countedOf', { received: i.receivedQty, damaged: i.damagedQty })}</td>
                    <td>
                      <span className="pill">{t(`items.statuses.${i.status}`)}</span>
                    </td>
                    {b.editable && (
                      <td className="button-row">
                        <button type="button" className="btn" onClick={() => setEditing(i)}>
                          {t('po.edit')}
                        </button>
                        <button type="button" className="btn" onClick={() => void removeItem(i)}>
                          {t('po.remove')}
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card" aria-labelledby="tracking-head">
        <h2 id="tracking-head">
          {t('po.trackingTitle', {
            count: b.trackingNumbers.length,
            delivered: b.trackingNumbers.filter((x) => x.status === 'delivered').length,
          })}
        </h2>
        {b.trackingNumbers.length === 0 ? (
          <p className="muted">{t('po.noTracking')}</p>
        ) : (
          <ul className="tracking-list" data-testid="batch-tracking">
            {b.trackingNumbers.map((x) => (
              <li key={x.id}>
                <code>{x.trackingNumber}</code>{' '}
                <span className="pill">
                  {t(`po.trackingStatus.${x.status === 'delivered' ? 'delivered' : 'expected'}`)}
                </span>
                {x.deliveredAt && <span className="muted"> {formatDateTime(i18n.language, x.deliveredAt)}</span>}
                {b.editable && (
                  <button
                    type="button"
                    className="btn link"
                    onClick={() => void removeTracking(x.id)}
                    aria-label={t('po.removeTracking', { tracking: x.trackingNumber })}
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {b.editable && (
          <div className="form">
            <label>
              {t('po.addTracking')}
              <textarea
                name="tracking"
                rows={2}
                value={tracking}
                onChange={(e) => setTracking(e.target.value)}
                placeholder={t('po.trackingHint')}
              />
              {trackingError && <span className="form-error">{trackingError}</span>}
            </label>
            <div className="button-row">
              <button type="button" className="btn" onClick={() => void addTracking()}>
                {t('po.addTrackingButton')}
              </button>
            </div>
          </div>
        )}
      </section>
    </div>
  );
}
