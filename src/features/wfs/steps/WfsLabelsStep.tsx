/**
 * The labels step: per shipment Walmart's receiving labels (one per box: printed on the box-label
 * printer — ZPL through QZ Tray when it speaks ZPL, else the PDF — or downloaded as PDF or ZPL) and,
 * with Walmart's carrier, its carrier labels (PDF); then the plan is shipped after a question: its
 * units leave PREP-WFS. The server's refusals are listed beside the button.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WfsPlanDetail, WfsShipment } from '../../../../domain/schemas/wfs';
import { useFeedback } from '../../../ui/feedback-store';
import { failureLines } from '../../fba/api';
import { ConfirmDialog } from '../../fba/ConfirmDialog';
import { saveFile } from '../../fba/label-files';
import { Refusal } from '../../fba/steps/Refusal';
import { StepShell } from '../../fba/steps/StepShell';
import { useWfsAction } from '../api';
import { fetchWfsLabels, printReceivingLabels, type WfsLabelRequest } from '../label-files';
import { mayChangeWfs } from '../rights';
import { CarrierFacts } from './WfsCarrierStep';
import type { WfsStepProps } from './types';

export function WfsLabelsStep({ plan, state }: WfsStepProps) {
  const { t } = useTranslation();
  const ship = useWfsAction(plan.id);
  const [confirming, setConfirming] = useState(false);
  const deciding = state === 'current' && plan.status !== 'cancelled' && mayChangeWfs();
  const boxes = plan.shipments.reduce((n, s) => n + s.boxes, 0);
  return (
    <StepShell step="labels" state={state} words="wfs">
      <div className="tiles">
        {plan.shipments.map((s) => (
          <ShipmentLabels key={s.shipmentId} plan={plan} shipment={s} />
        ))}
      </div>
      <Refusal lines={ship.refusal} testId="wfs-ship-refusal" />
      {deciding && (
        <div className="button-row">
          <button
            type="button"
            className="btn primary"
            disabled={ship.busy !== null}
            onClick={() => setConfirming(true)}
            data-testid="wfs-ship"
          >
            {ship.busy ? t('fba.ship.shipping') : t('fba.ship.markShipped')}
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('fba.ship.confirmTitle', { name: plan.name })}
          message={t('wfs.shipConfirm', { units: plan.units, boxes, count: plan.shipments.length })}
          confirmLabel={t('fba.ship.markShipped')}
          danger={false}
          keepLabel={t('fba.packing.notYet')}
          onConfirm={() => {
            setConfirming(false);
            void ship.run('ship', 'ship');
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </StepShell>
  );
}

type Job = 'print' | 'receiving-pdf' | 'receiving-zpl' | 'carrier-pdf';

function ShipmentLabels({ plan, shipment: s }: { plan: WfsPlanDetail; shipment: WfsShipment }) {
  const { t } = useTranslation();
  const toast = useFeedback((f) => f.toast);
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<string[]>([]);
  const walmartCarrier = s.carrier?.kind === 'walmart' && s.carrier.status === 'ACCEPTED';
  const run = (what: Job, work: () => Promise<void>) => async () => {
    setJob(what);
    setError([]);
    try {
      await work();
    } catch (err) {
      setError(failureLines(err));
    } finally {
      setJob(null);
    }
  };
  const download = (what: Job, r: WfsLabelRequest) =>
    run(what, async () => saveFile(await fetchWfsLabels(plan.id, s.shipmentId, r)));
  const print = run('print', async () => {
    const result = await printReceivingLabels(plan.id, s.shipmentId);
    if (!result.ok) setError([t('printing.failed', { error: result.error })]);
    else if (result.transport === 'qz')
      toast('success', t('printing.sent', { printer: result.printer, copies: result.copies }));
  });
  const button = (what: Job, label: string, onClick: () => void, primary = false) => (
    <button
      type="button"
      className={`btn${primary ? ' primary' : ''}`}
      disabled={job !== null}
      onClick={onClick}
      data-testid={`wfs-labels-${what}`}
    >
      {job === what ? t('fba.labels.working') : label}
    </button>
  );
  return (
    <article className="card" data-testid="wfs-shipment-labels" data-shipment={s.shipmentId}>
      <h4>
        <code>{s.shipmentId}</code> → <strong>{s.fcName ?? s.destination ?? '–'}</strong>
      </h4>
      <p className="muted">{t('wfs.boxes.boxCount', { count: s.boxes })}</p>
      <CarrierFacts shipment={s} />
      <div className="button-row">
        {button('print', t('wfs.labels.print'), () => void print(), true)}
        {button(
          'receiving-pdf',
          t('wfs.labels.receivingPdf'),
          () => void download('receiving-pdf', { kind: 'receiving', format: 'pdf' })(),
        )}
        {button(
          'receiving-zpl',
          t('wfs.labels.receivingZpl'),
          () => void download('receiving-zpl', { kind: 'receiving', format: 'zpl' })(),
        )}
        {walmartCarrier &&
          button(
            'carrier-pdf',
            t('wfs.labels.carrierPdf'),
            () => void download('carrier-pdf', { kind: 'carrier', format: 'pdf' })(),
          )}
      </div>
      <p className="muted">{t('wfs.labels.order')}</p>
      <Refusal lines={error} testId="wfs-labels-error" />
    </article>
  );
}
