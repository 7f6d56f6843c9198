/**
 * One LTL shipment: BOL and PRO numbers, carrier, pickup and cost; the BOL and handling-unit label
 * PDFs; tracking (refreshed from the broker on each look); cancel — only before pickup, otherwise
 * the broker's refusal said next to the button.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { freightShipmentSchema, type FreightShipment } from '../../../domain/schemas/freight-shipments';
import { api, ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useFormat } from '../../ui/format';

export const FREIGHT_GRID = 'freight-shipments';

export async function downloadFreightDocument(s: FreightShipment, kind: 'bol' | 'labels'): Promise<void> {
  const res = await api<Response>('GET', `/api/tools/freight/shipments/${s.id}/documents/${kind}`, { raw: true });
  const url = URL.createObjectURL(await res.blob());
  const name = kind === 'bol' ? `BOL-${s.bolNumber}.pdf` : `labels-${s.proNumber}.pdf`;
  Object.assign(document.createElement('a'), { href: url, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function StatusBadge({ status }: { status: FreightShipment['status'] }) {
  const { t } = useTranslation();
  const colour =
    status === 'CANCELLED' ? 'var(--danger, #b33)' : status === 'DELIVERED' ? 'var(--ok, #2a7)' : 'var(--accent, #37c)';
  return (
    <span className="badge" style={{ background: colour }} data-testid="freight-status">
      {t(`freight.statuses.${status}`)}
    </span>
  );
}

export function ShipmentDetail({ id, onClose }: { id: number; onClose?: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  const shipment = useQuery({
    queryKey: ['freight-shipment', id],
    queryFn: () => getAs(`/api/tools/freight/shipments/${id}`, freightShipmentSchema, { background: true }),
  });
  const s = shipment.data;

  const cancel = async () => {
    if (!s || !window.confirm(t('freight.detail.cancelConfirm', { pro: s.proNumber }))) return;
    setBusy(true);
    setRefusal('');
    try {
      // Not quiet: the server's confirmation, and its warning when billing has charged the freight already.
      const done = await postAs(`/api/tools/freight/shipments/${s.id}/cancel`, {}, freightShipmentSchema, {
        inlineRefusal: true,
      });
      qc.setQueryData(['freight-shipment', id], done);
      void qc.invalidateQueries({ queryKey: [FREIGHT_GRID] });
    } catch (err) {
      setRefusal(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const download = async (kind: 'bol' | 'labels') => {
    if (!s) return;
    try {
      await downloadFreightDocument(s, kind);
    } catch (err) {
      setRefusal(err instanceof ApiFailure ? err.message : String(err));
    }
  };

  if (shipment.isError)
    return (
      <div className="card" role="alert">
        <p className="form-error">{t('freight.detail.loadError')}</p>
        <button type="button" className="btn" onClick={() => void shipment.refetch()}>
          {t('grid.retry')}
        </button>
      </div>
    );
  if (!s) return <div className="card muted">{t('freight.loading')}</div>;

  return (
    <section
      className="card"
      aria-label={t('freight.detail.title', { pro: s.proNumber ?? '' })}
      data-testid="freight-detail"
    >
      <div className="page-head">
        <h2>{t('freight.detail.title', { pro: s.proNumber ?? '–' })}</h2>
        <StatusBadge status={s.status} />
      </div>
      <dl className="facts">
        <dt>{t('freight.proNumber')}</dt>
        <dd data-testid="freight-pro">{s.proNumber ?? '–'}</dd>
        <dt>{t('freight.bolNumber')}</dt>
        <dd data-testid="freight-bol">{s.bolNumber ?? '–'}</dd>
        <dt>{t('freight.carrier')}</dt>
        <dd>
          {s.carrierName ?? '–'} {s.service && `· ${t(`freight.services.${s.service}`, { defaultValue: s.service })}`}
        </dd>
        <dt>{t('freight.lane')}</dt>
        <dd>
          {s.shipperName}, {s.origin.city} {s.origin.state} → {s.consigneeName}, {s.destination.city}{' '}
          {s.destination.state}
        </dd>
        <dt>{t('freight.pickupDate')}</dt>
        <dd>{f.day(s.pickupDate)}</dd>
        <dt>{t('freight.estimatedDelivery')}</dt>
        <dd>{s.estimatedDelivery ?? '–'}</dd>
        <dt>{t('freight.cost')}</dt>
        <dd>{f.money(s.costCents)}</dd>
        <dt>{t('freight.client')}</dt>
        <dd>{s.companyName ?? t('freight.ownFreight')}</dd>
        <dt>{t('freight.units')}</dt>
        <dd>
          {s.handlingUnits
            .map((u) =>
              t('freight.detail.unitLine', {
                n: u.count,
                type: t(`freight.unitTypes.${u.type}`, { defaultValue: u.type }),
                l: u.lengthIn,
                w: u.widthIn,
                h: u.heightIn,
                lb: u.weightLb,
                cls: u.freightClass ?? '–',
              }),
            )
            .join('; ')}
        </dd>
      </dl>
      <div className="button-row">
        <button type="button" className="btn" disabled={!s.bolNumber} onClick={() => void download('bol')}>
          {t('freight.detail.downloadBol')}
        </button>
        <button type="button" className="btn" disabled={!s.bolNumber} onClick={() => void download('labels')}>
          {t('freight.detail.downloadLabels')}
        </button>
        <button type="button" className="btn" onClick={() => void shipment.refetch()} disabled={shipment.isFetching}>
          {shipment.isFetching ? t('freight.loading') : t('freight.detail.track')}
        </button>
        {s.status !== 'CANCELLED' && (
          <button type="button" className="btn danger" disabled={busy} onClick={() => void cancel()}>
            {t('freight.detail.cancel')}
          </button>
        )}
        {onClose && (
          <button type="button" className="btn" onClick={onClose}>
            {t('freight.detail.close')}
          </button>
        )}
      </div>
      {!s.cancellable && s.status !== 'CANCELLED' && <p className="muted">{t('freight.detail.notCancellable')}</p>}
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      <h3>{t('freight.detail.tracking')}</h3>
      <ol className="timeline">
        {s.events.map((e, i) => (
          <li key={i}>
            <strong>{t(`freight.statuses.${e.status}`, { defaultValue: e.status })}</strong> · {f.dateTime(e.at)} ·{' '}
            {e.description}
          </li>
        ))}
      </ol>
    </section>
  );
}
