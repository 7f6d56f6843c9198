/**
 * A shipment's delivery window, which an own carrier needs before its transport can be confirmed:
 * the window booked, or Amazon asked for the windows it offers and one booked.
 */
import { useTranslation } from 'react-i18next';
import type { DeliveryWindowView, PlanShipment } from '../../../../domain/schemas/fba';
import { formatDate } from '../../../../domain/format';

export function DeliveryWindows({
  shipment,
  windows,
  working,
  onAsk,
  onBook,
}: {
  shipment: PlanShipment;
  windows: readonly DeliveryWindowView[];
  working: boolean;
  /** Absent: shown, not offered (a read-only user, Amazon at work, the step done). */
  onAsk?: () => void;
  onBook?: (deliveryWindowOptionId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const day = (iso: string) => formatDate(i18n.language, iso);
  const span = (start: string, end: string) => t('fba.transport.windowSpan', { start: day(start), end: day(end) });
  return (
    <div className="notice" data-testid="fba-delivery-window" data-shipment={shipment.shipmentId}>
      <strong>{t('fba.transport.windowTitle')}</strong>{' '}
      {shipment.deliveryWindow ? (
        <span data-testid="fba-window-booked">
          {t('fba.transport.windowBooked', { span: span(shipment.deliveryWindow.start, shipment.deliveryWindow.end) })}
        </span>
      ) : (
        <span className="muted">{t('fba.transport.windowNeeded')}</span>
      )}
      {windows.length > 0 && !shipment.deliveryWindow && (
        <ul className="plain-list">
          {windows.map((w) => (
            <li key={w.deliveryWindowOptionId}>
              {span(w.startDate, w.endDate)}{' '}
              <span className="muted">{t('fba.transport.windowValid', { until: day(w.validUntil) })}</span>{' '}
              {onBook && (
                <button type="button" className="btn" onClick={() => onBook(w.deliveryWindowOptionId)}>
                  {t('fba.transport.bookWindow')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {onAsk && (
        <button type="button" className="btn" onClick={onAsk} data-testid="fba-windows-ask">
          {working ? t('fba.transport.windowsComing') : t('fba.transport.askWindows')}
        </button>
      )}
    </div>
  );
}
