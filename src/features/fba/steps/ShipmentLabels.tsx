/**
 * One shipment at the labels step: its carrier, cost and void window; its box labels printed
 * (ZPL on a 4×6 thermal printer through QZ Tray, else the PDF) or downloaded — Amazon's PDF or
 * Dockside's 4×6 — in box order; for LTL the pallet labels and, with Amazon's partnered carrier,
 * the bill of lading; for an own carrier its tracking given to Amazon.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanDetail, PlanShipment } from '../../../../domain/schemas/fba';
import { useFeedback } from '../../../ui/feedback-store';
import { failureLines } from '../api';
import { fetchBillOfLading, fetchLabels, printLabels, saveFile, type LabelRequest } from '../label-files';
import { money } from '../packing-options';
import { LTL, PARTNERED, shipmentCurrency } from '../transport-choices';
import type { ShipmentBox } from '../tracking';
import { Refusal } from './Refusal';
import { carrierText } from './ShipmentsFacts';
import { TrackingForm } from './TrackingForm';
import { useStepAction } from './step-action';
import { VoidCountdown } from './VoidCountdown';
import { formatNumber } from '../../../../domain/format';

type Job = 'print-box' | 'print-pallet' | 'amazon-pdf' | 'dockside-pdf' | 'pallet-pdf' | 'bol';

export function ShipmentLabels({
  plan,
  shipment: s,
  boxes,
  mayTrack,
}: {
  plan: PlanDetail;
  shipment: PlanShipment;
  boxes: readonly ShipmentBox[];
  /** The user may give tracking now (labels step current, not cancelled, Amazon idle). */
  mayTrack: boolean;
}) {
  const { t, i18n } = useTranslation();
  const toast = useFeedback((f) => f.toast);
  const tracking = useStepAction(plan.id);
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<string[]>([]);
  const ltl = s.shippingMode === LTL;
  const partnered = s.shippingSolution === PARTNERED;

  const download = (what: Job, request: () => ReturnType<typeof fetchLabels>) => async () => {
    setJob(what);
    setError([]);
    try {
      saveFile(await request());
    } catch (err) {
      setError(failureLines(err));
    } finally {
      setJob(null);
    }
  };
  const labels = (r: Omit<LabelRequest, 'shipmentId'>) => () =>
    fetchLabels(plan.id, { ...r, shipmentId: s.shipmentId });
  const print = (kind: 'box' | 'pallet') => async () => {
    setJob(kind === 'box' ? 'print-box' : 'print-pallet');
    setError([]);
    try {
      const result = await printLabels(plan.id, s.shipmentId, kind);
      if (!result.ok) setError([t('printing.failed', { error: result.error })]);
      else if (result.transport === 'qz')
        toast('success', t('printing.sent', { printer: result.printer, copies: result.copies }));
    } catch (err) {
      setError(failureLines(err));
    } finally {
      setJob(null);
    }
  };
  const button = (what: Job, label: string, onClick: () => void, primary = false) => (
    <button
      type="button"
      className={`btn${primary ? ' primary' : ''}`}
      disabled={job !== null}
      onClick={onClick}
      data-testid={`fba-labels-${what}`}
    >
      {job === what ? t('fba.labels.working') : label}
    </button>
  );

  return (
    <article className="card" data-testid="fba-shipment-labels" data-shipment={s.shipmentId}>
      <h4>
        {s.name ?? s.shipmentId} → <strong>{s.warehouseId ?? '–'}</strong>
      </h4>
      <dl className="facts">
        <dt>{t('fba.shipments.carrier')}</dt>
        <dd>{carrierText(s, t)}</dd>
        <dt>{t('fba.shipments.cost')}</dt>
        <dd>
          {s.costCents !== null
            ? money(s.costCents, shipmentCurrency(plan, s), i18n.language)
            : t('fba.placement.ownRateShort')}
        </dd>
        <dt>{t('fba.boxes.title')}</dt>
        <dd>{formatNumber(i18n.language, s.boxes)}</dd>
        {partnered && s.voidableUntil && (
          <>
            <dt>{t('fba.void.title')}</dt>
            <dd>
              <VoidCountdown until={s.voidableUntil} />
            </dd>
          </>
        )}
        {ltl && (
          <>
            <dt>{t('fba.shipments.proNumber')}</dt>
            <dd data-testid="fba-pro">{s.tracking?.proNumber ?? '–'}</dd>
            <dt>{t('fba.shipments.bolNumber')}</dt>
            <dd>{s.tracking?.billOfLadingNumber ?? '–'}</dd>
          </>
        )}
      </dl>
      <div className="button-row">
        {button('print-box', t('fba.labels.printBox'), () => void print('box')(), true)}
        {button(
          'amazon-pdf',
          t('fba.labels.amazonPdf'),
          () => void download('amazon-pdf', labels({ kind: 'box', source: 'amazon', format: 'pdf' }))(),
        )}
        {button(
          'dockside-pdf',
          t('fba.labels.docksidePdf'),
          () => void download('dockside-pdf', labels({ kind: 'box', source: 'dockside', format: 'pdf' }))(),
        )}
      </div>
      {ltl && (
        <div className="button-row">
          {button('print-pallet', t('fba.labels.printPallet'), () => void print('pallet')())}
          {button(
            'pallet-pdf',
            t('fba.labels.palletPdf'),
            () => void download('pallet-pdf', labels({ kind: 'pallet', source: 'amazon', format: 'pdf' }))(),
          )}
          {partnered &&
            button(
              'bol',
              t('fba.labels.bol'),
              () => void download('bol', () => fetchBillOfLading(plan.id, s.shipmentId))(),
            )}
        </div>
      )}
      <p className="muted">{t('fba.labels.order')}</p>
      <Refusal lines={error} testId="fba-labels-error" />
      {!partnered && (
        <TrackingForm
          shipment={s}
          boxes={boxes}
          disabled={!mayTrack}
          busy={tracking.busy !== null}
          refusal={tracking.refusal}
          onSend={(body) =>
            void tracking.run('tracking', `shipments/${encodeURIComponent(s.shipmentId)}/tracking`, body, 'put')
          }
        />
      )}
    </article>
  );
}
