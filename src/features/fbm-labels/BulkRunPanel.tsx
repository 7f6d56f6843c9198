/**
 * A bulk label run on the Buy bulk shipping screen: its progress, the merged PDF and the printer
 * once done, each failed order in words — and, when the run has finished with failures, the
 * failed orders bought again (spec /bulk/shipping update), leaving out the ones ticked. An order
 * that failed for Amazon Buy Shipping's additional seller inputs shows its inputs box under its
 * failure; what the user gives there (kept by the page) goes with it when it is bought again.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LabelRun, SellerInputValues } from '../../../domain/schemas/fbm-labels';
import { AmazonSellerInputs } from './AmazonSellerInputs';

export function BulkRunPanel(props: {
  run: LabelRun;
  busy: boolean;
  onDownload: () => void;
  onPrint: () => void;
  onBuyAgain: (leaveOut: number[]) => void;
  /** The seller inputs the user gave, by order id. */
  inputs: Record<string, SellerInputValues>;
  onInputs: (orderId: number, given: SellerInputValues) => void;
}) {
  const { run: r, busy } = props;
  const { t } = useTranslation();
  const [leaveOut, setLeaveOut] = useState<Set<number>>(new Set());
  const failed = r.results.filter((x) => x.state === 'failed');
  const finished = r.status === 'done';
  const toggle = (orderId: number) =>
    setLeaveOut((s) => {
      const next = new Set(s);
      if (next.has(orderId)) next.delete(orderId);
      else next.add(orderId);
      return next;
    });

  return (
    <section className="card" aria-live="polite" data-testid="bulk-run">
      <progress max={r.total || 1} value={r.done} aria-label={t('fbmLabels.bulk.progress')} />{' '}
      <span>
        {t('fbmLabels.bulk.progressText', { done: r.done, total: r.total, bought: r.bought, failed: r.failed })}
      </span>
      {finished && r.bought > 0 && (
        <>
          {' '}
          <button type="button" className="btn" onClick={props.onDownload} data-testid="bulk-download">
            {t('fbmLabels.bulk.download')}
          </button>{' '}
          <button type="button" className="btn" disabled={busy} onClick={props.onPrint}>
            {t('fbmLabels.bulk.print')}
          </button>
        </>
      )}
      {failed.length > 0 && (
        <ul className="form-error" data-testid="bulk-failures">
          {failed.map(({ needsInputs: need, ...x }) => (
            <li key={x.orderId}>
              {`${x.marketplaceOrderId}: ${x.error ?? ''}`}
              {finished && (
                <label>
                  {' '}
                  <input type="checkbox" checked={leaveOut.has(x.orderId)} onChange={() => toggle(x.orderId)} />{' '}
                  {t('fbmLabels.bulk.leaveOut')}
                </label>
              )}
              {finished && need && !leaveOut.has(x.orderId) && (
                <AmazonSellerInputs
                  orderId={x.orderId}
                  rateId={need.rateId}
                  given={props.inputs[String(x.orderId)] ?? {}}
                  onGiven={(given) => props.onInputs(x.orderId, given)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {finished && failed.length > 0 && (
        <button
          type="button"
          className="btn primary"
          disabled={busy || failed.every((x) => leaveOut.has(x.orderId))}
          onClick={() => {
            props.onBuyAgain([...leaveOut]);
            setLeaveOut(new Set());
          }}
          data-testid="bulk-buy-again"
        >
          {t('fbmLabels.bulk.buyAgain')}
        </button>
      )}
    </section>
  );
}
