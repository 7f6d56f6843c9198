/** Shipped and receiving: each shipment as it left — its fulfilment centre, boxes, carrier and tracking, when it left. */
import { useTranslation } from 'react-i18next';
import { StepShell } from '../../fba/steps/StepShell';
import { CarrierFacts } from './WfsCarrierStep';
import type { WfsStepProps } from './types';
import { shipmentStatusWords } from '../words';
import { formatDateTime } from '../../../../domain/format';

export const WfsShippedStep = (props: WfsStepProps) => <AsShipped {...props} step="shipped" />;
export const WfsReceivingStep = (props: WfsStepProps) => <AsShipped {...props} step="receiving" />;

function AsShipped({ plan, state, step }: WfsStepProps & { step: 'shipped' | 'receiving' }) {
  const { t, i18n } = useTranslation();
  return (
    <StepShell step={step} state={state} words="wfs">
      <div className="tiles">
        {plan.shipments.map((s) => (
          <article key={s.shipmentId} className="card" data-testid="wfs-shipment" data-shipment={s.shipmentId}>
            <h4>
              <code>{s.shipmentId}</code> → <strong>{s.fcName ?? s.destination ?? '–'}</strong>
            </h4>
            <p className="muted">
              {t('wfs.boxes.boxCount', { count: s.boxes })} ·{' '}
              <span data-testid="wfs-shipment-status" data-status={s.status}>
                {shipmentStatusWords(s.status, t)}
              </span>
              {s.shippedAt && ` · ${t('wfs.shippedAt', { at: formatDateTime(i18n.language, s.shippedAt) })}`}
            </p>
            <CarrierFacts shipment={s} />
          </article>
        ))}
      </div>
    </StepShell>
  );
}
