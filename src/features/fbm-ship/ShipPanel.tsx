/**
 * Shipping on the order detail panel (issue 20 step 7): per line what is picked and waiting at
 * FBM-PACK; a "Mark shipped" form (carrier, tracking, units per line — the picked units are the
 * default; an order with bought labels starts from them, every package with its carrier, service,
 * tracking and units, issue 38; the carrier is chosen from the warehouse's carriers, its services
 * suggested and its tracking page sent along); the order's shipments with their packages and where telling the marketplace stands
 * (pending, sent, failed in the marketplace's words, shipped locally); cancel all shipments,
 * reopen a cancelled order and send a refused confirmation again. Batch verify's word on the
 * order shows above the form (verified by whom and when, the mismatch in words, or not verified);
 * a mismatched order ships only after an explicit confirm. Clients see their shipments; the
 * warehouse ships.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cancelShipmentsResultSchema,
  confirmAgainResultSchema,
  markShippedResultSchema,
  orderShipmentsSchema,
  pickupResultSchema,
  reopenResultSchema,
  type PickupStatus,
  type FbmShipment,
  type OrderShipments,
  type OrderVerification,
} from '../../../domain/schemas/fbm-ship';
import { matchCarrier, trackingUrlFor } from '../../../domain/schemas/carriers';
import { ApiFailure } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { CarrierSelect, CarrierServices, useCarrierOptions } from '../carriers/CarrierSelect';
import { formatDateTime } from '../../../domain/format';

/** `pickup`: an Amazon in-store pickup order (never shipped: recorded ready, then picked up). */
export function ShipPanel({ orderId, pickup, onChanged }: { orderId: number; pickup: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const warehouse = useSession((s) => s.user?.audience) === 'Warehouse';
  const ship = useQuery({
    queryKey: ['fbm-order-shipments', orderId],
    queryFn: () => getAs(`/api/fbm/web/order/${orderId}/shipments`, orderShipmentsSchema, { background: true }),
    // Picks happen on the floor meanwhile: what is picked is read again whenever the panel opens.
    refetchOnMount: 'always',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const data = ship.data;
  const changed = () => {
    void ship.refetch();
    onChanged();
  };
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    try {
      await work();
      changed();
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  if (ship.isError)
    return (
      <section data-testid="ship-panel">
        <h3>{t('fbmShip.title')}</h3>
        <p className="form-error">{t('fbmShip.loadError')}</p>
        <button type="button" className="btn" onClick={() => void ship.refetch()}>
          {t('grid.retry')}
        </button>
      </section>
    );
  if (!data)
    return (
      <section data-testid="ship-panel" aria-busy="true">
        <h3>{t('fbmShip.title')}</h3>
        <p className="muted">{t('app.loading')}</p>
      </section>
    );

  const standing = data.shipments.filter((s) => s.status === 'shipped');
  const canShip =
    warehouse && data.status !== 'SHIPPED' && data.status !== 'CANCELED' && data.lines.some((l) => l.picked > 0);
  return (
    <section data-testid="ship-panel" aria-label={t('fbmShip.title')}>
      <h3>{t('fbmShip.title')}</h3>
      {!data.confirms && <p className="muted">{t('fbmShip.localOnly')}</p>}
      {data.status !== 'SHIPPED' && data.status !== 'CANCELED' && <VerifyNote v={data.verification} />}
      {warehouse && (
        <div className="toolbar">
          {standing.length > 0 && (
            <button
              type="button"
              className="btn"
              data-testid="cancel-shipments"
              disabled={busy}
              onClick={() => {
                if (window.confirm(t('fbmShip.cancelConfirm')))
                  void act(() =>
                    postAs(`/api/fbm/web/order/${orderId}/cancel/all/shipment`, {}, cancelShipmentsResultSchema),
                  );
              }}
            >
              {t('fbmShip.cancelAll')}
            </button>
          )}
          {data.status === 'CANCELED' && (
            <button
              type="button"
              className="btn"
              data-testid="reopen-order"
              disabled={busy}
              onClick={() =>
                void act(() => postAs(`/api/fbm/web/order/${orderId}/reopen/all/shipment`, {}, reopenResultSchema))
              }
            >
              {t('fbmShip.reopen')}
            </button>
          )}
          {pickup && data.confirms && data.status !== 'SHIPPED' && data.status !== 'CANCELED' && (
            // Amazon in-store pickup orders are never confirmed as shipped: Amazon is told ready,
            // picked up or refused instead (the server asks Amazon again before each).
            <span className="button-row" data-testid="pickup-actions" aria-label={t('fbmShip.pickup.title')}>
              {(['ReadyForPickup', 'PickedUp', 'RefusedPickup'] as PickupStatus[]).map((status) => (
                <button
                  key={status}
                  type="button"
                  className="btn"
                  data-testid={`pickup-${status}`}
                  disabled={busy}
                  onClick={() => {
                    if (status === 'RefusedPickup' && !window.confirm(t('fbmShip.pickup.refuseConfirm'))) return;
                    void act(() =>
                      postAs(
                        `/api/fbm/web/order/${orderId}/pickup/status`,
                        {
                          status,
                          ...(data.verification.state === 'mismatch' && status === 'PickedUp'
                            ? { acceptMismatch: window.confirm(t('fbmShip.verify.accept')) }
                            : {}),
                        },
                        pickupResultSchema,
                        { inlineRefusal: true },
                      ),
                    );
                  }}
                >
                  {t(`fbmShip.pickup.${status}`)}
                </button>
              ))}
            </span>
          )}
          {standing.some((s) => s.confirmation === 'failed') && (
            <button
              type="button"
              className="btn"
              data-testid="resend-confirmation"
              disabled={busy}
              onClick={() =>
                void act(() => postAs(`/api/fbm/web/order/${orderId}/confirm/shipment`, {}, confirmAgainResultSchema))
              }
            >
              {t('fbmShip.resend')}
            </button>
          )}
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {pickup && data.status !== 'SHIPPED' && data.status !== 'CANCELED' ? (
        <p className="notice" role="status" data-testid="pickup-note">
          {t('fbmShip.pickup.note')}
        </p>
      ) : canShip ? (
        <MarkShippedForm data={data} busy={busy} act={act} />
      ) : (
        warehouse &&
        data.status !== 'SHIPPED' &&
        data.status !== 'CANCELED' && <p className="muted">{t('fbmShip.nothingPicked')}</p>
      )}
      {data.shipments.length === 0 ? (
        <p className="muted" data-testid="no-shipments">
          {t('fbmShip.none')}
        </p>
      ) : (
        <table className="report" data-testid="shipments">
          <thead>
            <tr>
              <th>{t('fbmShip.shipDate')}</th>
              <th>{t('fbmShip.packages')}</th>
              <th>{t('fbmShip.units')}</th>
              <th>{t('fbmShip.status')}</th>
              <th>{t('fbmShip.marketplace')}</th>
            </tr>
          </thead>
          <tbody>
            {data.shipments.map((s) => (
              <ShipmentRow key={s.id} shipment={s} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function VerifyNote({ v }: { v: OrderVerification }) {
  const { t, i18n } = useTranslation();
  const at = v.at ? formatDateTime(i18n.language, v.at) : '';
  if (v.state === 'none')
    return (
      <p className="muted" data-testid="verify-state" data-state="none">
        {t('fbmShip.verify.none')}
      </p>
    );
  if (v.state === 'verified')
    return (
      <p data-testid="verify-state" data-state="verified">
        <span className="badge">{t('fbmShip.verify.verifiedBadge')}</span>{' '}
        {t('fbmShip.verify.verified', { user: v.userName ?? '–', at, ref: v.ref ?? '' })}
      </p>
    );
  return (
    <div className="form-error" role="alert" data-testid="verify-state" data-state="mismatch">
      <p>{t('fbmShip.verify.mismatch', { user: v.userName ?? '–', at, ref: v.ref ?? '' })}</p>
      <ul>
        {v.mismatches.map((m, i) => (
          <li key={i}>{m}</li>
        ))}
      </ul>
    </div>
  );
}

function ShipmentRow({ shipment: s }: { shipment: FbmShipment }) {
  const { t, i18n } = useTranslation();
  return (
    <tr data-shipment={s.id} data-confirmation={s.confirmation}>
      <td>{formatDateTime(i18n.language, s.shipDate)}</td>
      <td>
        {s.packages.map((p) => (
          <div key={p.sequence}>
            {p.carrier}
            {p.service ? ` ${p.service}` : ''} · <code>{p.trackingNumber}</code>
          </div>
        ))}
      </td>
      <td>{s.units}</td>
      <td>{t(`fbmShip.statuses.${s.status}`)}</td>
      <td>
        <span className="badge" data-testid="confirmation">
          {t(`fbmShip.confirmation.${s.confirmation}`)}
        </span>
        {s.confirmationMessage && s.confirmation !== 'local' && (
          <div className={s.confirmation === 'failed' ? 'form-error' : 'muted'}>{s.confirmationMessage}</div>
        )}
      </td>
    </tr>
  );
}

function MarkShippedForm({
  data,
  busy,
  act,
}: {
  data: OrderShipments;
  busy: boolean;
  act: (work: () => Promise<unknown>) => Promise<void>;
}) {
  const { t } = useTranslation();
  // The labels bought for the order (any provider), each package with the units it carries: the
  // first fills the form, the others ride along as further packages of the same shipment.
  const fromLabels = data.labelPackages.filter((p) => p.lines.length > 0);
  const first = fromLabels[0];
  // Nothing guessed: the label's carrier, or one chosen from the warehouse's list.
  const [carrier, setCarrier] = useState<string>(first?.carrier ?? '');
  const [service, setService] = useState(first?.service ?? '');
  const [tracking, setTracking] = useState(first?.trackingNumber ?? '');
  const [extra, setExtra] = useState(() =>
    fromLabels.slice(1).map((p) => ({
      packageNumber: p.packageNumber,
      carrier: p.carrier,
      service: p.service ?? '',
      tracking: p.trackingNumber,
      lines: p.lines,
    })),
  );
  const [units, setUnits] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      data.lines.map((l) => [
        l.orderLineId,
        String(
          first
            ? (first.lines.find((x) => x.orderLineId === l.orderLineId)?.quantity ?? 0)
            : Math.min(l.picked, l.ordered - l.shipped),
        ),
      ]),
    ),
  );
  const [invalid, setInvalid] = useState('');
  const mismatch = data.verification.state === 'mismatch';
  const [acceptMismatch, setAcceptMismatch] = useState(false);
  const carriers = useCarrierOptions().data ?? [];
  /** The carrier's tracking page for the number, when the list has one (Walmart asks for it). */
  const trackingUrl = (name: string, number: string) => {
    const url = trackingUrlFor(matchCarrier(carriers, name)?.trackingUrl, number.trim());
    return url ? { trackingUrl: url } : {};
  };
  const lines = data.lines
    .map((l) => ({ orderLineId: l.orderLineId, quantity: Number(units[l.orderLineId] ?? 0) }))
    .filter((l) => l.quantity > 0);
  const submit = () => {
    if (!carrier.trim()) return setInvalid(t('fbmShip.needCarrier'));
    if (![tracking, ...extra.map((p) => p.tracking)].every((x) => /^[A-Za-z0-9-]+$/.test(x.trim())))
      return setInvalid(t('fbmShip.needTracking'));
    if (extra.some((p) => !p.carrier.trim())) return setInvalid(t('fbmShip.needCarrier'));
    if (!lines.length) return setInvalid(t('fbmShip.needUnits'));
    if (mismatch && !acceptMismatch) return setInvalid(t('fbmShip.verify.needConfirm'));
    setInvalid('');
    void act(async () => {
      await postAs(
        `/api/fbm/web/order/${data.orderId}/mark/as/shipped`,
        {
          packages: [
            {
              carrier: carrier.trim(),
              ...(service.trim() ? { service: service.trim() } : {}),
              trackingNumber: tracking.trim(),
              ...trackingUrl(carrier, tracking),
              lines,
            },
            ...extra.map((p) => ({
              carrier: p.carrier.trim(),
              ...(p.service.trim() ? { service: p.service.trim() } : {}),
              trackingNumber: p.tracking.trim(),
              ...trackingUrl(p.carrier, p.tracking),
              lines: p.lines,
            })),
          ],
          ...(mismatch && acceptMismatch ? { acceptMismatch: true } : {}),
        },
        markShippedResultSchema,
        { inlineRefusal: true },
      );
      setTracking('');
    });
  };
  return (
    <form
      className="inline-form"
      data-testid="mark-shipped-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {fromLabels.length > 0 && (
        <p className="muted" data-testid="ship-from-labels">
          {t('fbmShip.fromLabels', { count: fromLabels.length })}
        </p>
      )}
      {extra.length > 0 && <h4>{t('fbmShip.package', { number: first!.packageNumber })}</h4>}
      <table className="report">
        <thead>
          <tr>
            <th>{t('fbmShip.line')}</th>
            <th>{t('fbmShip.ordered')}</th>
            <th>{t('fbmShip.shipped')}</th>
            <th>{t('fbmShip.picked')}</th>
            <th>{t('fbmShip.toShip')}</th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((l) => (
            <tr key={l.orderLineId}>
              <td>{l.sku ?? l.lineId}</td>
              <td>{l.ordered}</td>
              <td>{l.shipped}</td>
              <td>{l.picked}</td>
              <td>
                <input
                  type="number"
                  min={0}
                  max={l.picked}
                  name={`units-${l.orderLineId}`}
                  aria-label={t('fbmShip.toShipOf', { line: l.sku ?? l.lineId })}
                  value={units[l.orderLineId] ?? '0'}
                  onChange={(e) => setUnits({ ...units, [l.orderLineId]: e.target.value })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <label>
        {t('fbmShip.carrier')}
        <CarrierSelect name="carrier" kind="parcel" required value={carrier} onChange={setCarrier} />
      </label>
      <label>
        {t('fbmShip.service')}
        <input
          name="service"
          list="fbm-ship-services"
          value={service}
          onChange={(e) => setService(e.target.value)}
          maxLength={80}
        />
        <CarrierServices id="fbm-ship-services" carrier={carrier} />
      </label>
      <label>
        {t('fbmShip.tracking')}
        <input name="tracking" value={tracking} onChange={(e) => setTracking(e.target.value)} maxLength={60} />
      </label>
      {extra.map((p, i) => (
        <fieldset key={p.packageNumber} data-testid="ship-extra-package" data-package={p.packageNumber}>
          <legend>{t('fbmShip.package', { number: p.packageNumber })}</legend>
          <label>
            {t('fbmShip.carrier')}
            <CarrierSelect
              name={`carrier-${p.packageNumber}`}
              kind="parcel"
              required
              value={p.carrier}
              onChange={(name) => setExtra((now) => now.map((x, j) => (j === i ? { ...x, carrier: name } : x)))}
            />
          </label>
          <label>
            {t('fbmShip.service')}
            <input
              name={`service-${p.packageNumber}`}
              list={`fbm-ship-services-${p.packageNumber}`}
              value={p.service}
              maxLength={80}
              onChange={(e) => setExtra(extra.map((x, j) => (j === i ? { ...x, service: e.target.value } : x)))}
            />
            <CarrierServices id={`fbm-ship-services-${p.packageNumber}`} carrier={p.carrier} />
          </label>
          <label>
            {t('fbmShip.tracking')}
            <input
              name={`tracking-${p.packageNumber}`}
              value={p.tracking}
              maxLength={60}
              onChange={(e) => setExtra(extra.map((x, j) => (j === i ? { ...x, tracking: e.target.value } : x)))}
            />
          </label>
          <span className="muted">
            {p.lines
              .map((l) => {
                const line = data.lines.find((x) => x.orderLineId === l.orderLineId);
                return `${line?.sku ?? line?.lineId ?? l.orderLineId} × ${l.quantity}`;
              })
              .join(', ')}
          </span>
        </fieldset>
      ))}
      {mismatch && (
        <label>
          <input
            type="checkbox"
            name="acceptMismatch"
            data-testid="accept-mismatch"
            checked={acceptMismatch}
            onChange={(e) => setAcceptMismatch(e.target.checked)}
          />{' '}
          {t('fbmShip.verify.accept')}
        </label>
      )}
      <button type="submit" className="btn primary" disabled={busy} data-testid="mark-shipped">
        {t('fbmShip.markShipped')}
      </button>
      {invalid && <span className="form-error">{invalid}</span>}
    </form>
  );
}
