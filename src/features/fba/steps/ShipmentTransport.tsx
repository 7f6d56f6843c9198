/**
 * One shipment at the transport step: where it goes and with how many boxes, the ways Amazon
 * quoted for it grouped partnered/own × small parcel/LTL (cost, carrier, quote expiry, the void
 * window a partnered carrier starts), one chosen; an own carrier's delivery window beside it.
 */
import { useTranslation } from 'react-i18next';
import type { DeliveryWindowView, PlanShipment, TransportOptionView } from '../../../../domain/schemas/fba';
import { money } from '../packing-options';
import { groupOptions, quoteExpired, voidHours } from '../transport-choices';
import { DeliveryWindows } from './DeliveryWindows';
import { formatDateTime } from '../../../../domain/format';

export function ShipmentTransport({
  shipment: s,
  options,
  windows,
  chosen,
  now,
  working,
  onChoose,
  onAskWindows,
  onBookWindow,
}: {
  shipment: PlanShipment;
  options: readonly TransportOptionView[];
  windows: readonly DeliveryWindowView[];
  chosen: string | undefined;
  now: number;
  working: boolean;
  /** Absent: read-only. */
  onChoose?: (transportationOptionId: string) => void;
  onAskWindows?: () => void;
  onBookWindow?: (deliveryWindowOptionId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const groups = groupOptions(options);
  const hasOwn = groups.some((g) => g.carrier === 'own');
  const when = (iso: string) => formatDateTime(i18n.language, iso);
  return (
    <article className="card" data-testid="fba-shipment-transport" data-shipment={s.shipmentId}>
      <h4>
        {s.name ?? s.shipmentId} → <strong>{s.warehouseId ?? '–'}</strong>
      </h4>
      <p className="muted">
        {[s.destination, t('fba.shipments.boxes', { count: s.boxes }), s.shipmentId].filter(Boolean).join(' · ')}
      </p>
      {groups.length === 0 ? (
        <p className="muted">{working ? t('fba.transport.quoting') : t('fba.transport.noOptions')}</p>
      ) : (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }} disabled={!onChoose}>
          <legend className="sr-only">{t('fba.transport.howTravels', { shipment: s.shipmentId })}</legend>
          {groups.map((g) => (
            <div key={g.key} data-testid="fba-transport-group" data-group={g.key}>
              <h5>{t(`fba.placement.modes.${g.key}`)}</h5>
              <ul className="plain-list">
                {g.options.map((o) => {
                  const expired = quoteExpired(o, now);
                  const hours = voidHours(o);
                  return (
                    <li key={o.transportationOptionId}>
                      <label
                        data-testid="fba-transport-option"
                        data-group={g.key}
                        data-option={o.transportationOptionId}
                      >
                        <input
                          type="radio"
                          name={`transport-${s.shipmentId}`}
                          value={o.transportationOptionId}
                          checked={chosen === o.transportationOptionId}
                          disabled={expired}
                          onChange={() => onChoose?.(o.transportationOptionId)}
                        />{' '}
                        <strong>{o.carrierName ?? o.carrierCode ?? t('fba.transport.ownCarrier')}</strong>{' '}
                        {o.costCents !== null ? (
                          money(o.costCents, o.currency ?? 'USD', i18n.language)
                        ) : (
                          <span className="muted">{t('fba.placement.ownRateShort')}</span>
                        )}
                        {o.expiration && (
                          <span className={expired ? 'form-error' : 'muted'}>
                            {' · '}
                            {expired
                              ? t('fba.transport.quoteExpired')
                              : t('fba.transport.quoteUntil', { at: when(o.expiration) })}
                          </span>
                        )}
                        {hours !== null && (
                          <span className="muted">
                            {' · '}
                            {t('fba.transport.voidNote', { count: hours })}
                          </span>
                        )}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </fieldset>
      )}
      {hasOwn && (
        <DeliveryWindows shipment={s} windows={windows} working={working} onAsk={onAskWindows} onBook={onBookWindow} />
      )}
    </article>
  );
}
