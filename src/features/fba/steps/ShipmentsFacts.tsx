/** The plan's shipments as confirmed: destination, boxes, carrier and cost, delivery window, tracking, when they left. */
import { useTranslation } from 'react-i18next';
import type { PlanDetail, PlanShipment } from '../../../../domain/schemas/fba';
import { money } from '../packing-options';
import { shipmentCurrency } from '../transport-choices';
import { formatDate, formatDateTime, formatNumber } from '../../../../domain/format';

export function carrierText(s: PlanShipment, t: (k: string, o?: Record<string, unknown>) => string): string {
  const mode = s.shippingMode ? t(`fba.packing.modes.${s.shippingMode}`, { defaultValue: s.shippingMode }) : null;
  const solution = s.shippingSolution
    ? t(`fba.packing.solutions.${s.shippingSolution}`, { defaultValue: s.shippingSolution })
    : null;
  return [s.carrierName, mode, solution].filter(Boolean).join(' · ') || '–';
}

export function ShipmentsFacts({
  plan,
}: {
  plan: Pick<PlanDetail, 'shipments' | 'placementOptionId' | 'transportOptions'>;
}) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => formatDateTime(i18n.language, iso);
  const day = (iso: string) => formatDate(i18n.language, iso);
  if (plan.shipments.length === 0) return <p className="muted">{t('fba.shipments.none')}</p>;
  return (
    <div className="table-wrap">
      <table className="grid" data-testid="fba-shipments">
        <thead>
          <tr>
            <th>{t('fba.shipments.shipment')}</th>
            <th>{t('fba.shipments.destination')}</th>
            <th>{t('fba.boxes.title')}</th>
            <th>{t('fba.shipments.carrier')}</th>
            <th>{t('fba.shipments.cost')}</th>
            <th>{t('fba.transport.windowTitle')}</th>
            <th>{t('fba.shipments.tracking')}</th>
            <th>{t('fba.shipments.shippedAt')}</th>
          </tr>
        </thead>
        <tbody>
          {plan.shipments.map((s) => (
            <tr key={s.shipmentId} data-testid="fba-shipment" data-shipment={s.shipmentId}>
              <td>
                <strong>{s.name ?? s.shipmentId}</strong>
                <br />
                <small className="muted">
                  <code>{s.confirmationId ?? s.shipmentId}</code>
                </small>
              </td>
              <td>
                <strong>{s.warehouseId ?? '–'}</strong> {s.destination ?? ''}
              </td>
              <td>{formatNumber(i18n.language, s.boxes)}</td>
              <td>{carrierText(s, t)}</td>
              <td>
                {s.costCents !== null
                  ? money(s.costCents, shipmentCurrency(plan, s), i18n.language)
                  : t('fba.placement.ownRateShort')}
              </td>
              <td>{s.deliveryWindow ? `${day(s.deliveryWindow.start)} – ${day(s.deliveryWindow.end)}` : '–'}</td>
              <td data-testid="fba-shipment-tracking">{trackingText(s, t)}</td>
              <td>{s.shippedAt ? when(s.shippedAt) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function trackingText(s: PlanShipment, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (!s.tracking) return '–';
  const parts = [
    s.tracking.proNumber ? t('fba.shipments.pro', { pro: s.tracking.proNumber }) : null,
    s.tracking.billOfLadingNumber ? t('fba.shipments.bol', { bol: s.tracking.billOfLadingNumber }) : null,
    ...s.tracking.boxes.map((b) => `${b.boxId}: ${b.trackingId}`),
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : '–';
}
