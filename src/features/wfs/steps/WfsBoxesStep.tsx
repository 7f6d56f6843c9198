/**
 * The boxes step: the units are packed by scan at the packer's bench — the same bench as FBA's,
 * one box per Walmart shipment at a time (linked from here) — and the desk sees the box tree as
 * the server judges it and what can-transmit still lacks (every unit boxed, every box closed,
 * measured and weighed). "Packing done" sends the boxes on to the carrier step; the server's
 * refusals are listed beside it.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { wfsCanTransmitSchema } from '../../../../domain/schemas/wfs';
import { getAs } from '../../../api/typed';
import { mayOpen } from '../../../app/guard';
import { failureText } from '../../fba/api';
import { useBoxTree } from '../../fba/box-tree';
import { BoxTreeTable } from '../../fba/steps/BoxTreeTable';
import { Refusal } from '../../fba/steps/Refusal';
import { StepShell } from '../../fba/steps/StepShell';
import { useWfsAction, wfsKeys, wfsPlanPath } from '../api';
import { mayChangeWfs } from '../rights';
import type { WfsStepProps } from './types';
import { formatNumber } from '../../../../domain/format';

export function WfsBoxesStep({ plan, state }: WfsStepProps) {
  const { t, i18n } = useTranslation();
  const tree = useBoxTree(plan.id, plan.updatedAt);
  const action = useWfsAction(plan.id);
  const deciding = state === 'current' && plan.status !== 'cancelled' && mayChangeWfs();
  const check = useQuery({
    queryKey: [...wfsKeys.canTransmit(plan.id), plan.updatedAt, tree.dataUpdatedAt],
    queryFn: () =>
      getAs(`${wfsPlanPath(plan.id)}/can-transmit`, wfsCanTransmitSchema, { quiet: true, background: true }),
    enabled: deciding,
    retry: false,
  });
  const benchOpens = mayOpen({ resource: 'fba', action: 'update', warehouseOnly: true });
  const n = (v: number) => formatNumber(i18n.language, v);

  return (
    <StepShell step="boxes" state={state} words="wfs">
      {deciding && benchOpens && (
        <p className="button-row">
          <Link to={`/apps/outbound/bench/${plan.id}`} className="btn primary" data-testid="wfs-open-bench">
            {t('fba.boxes.openBench')}
          </Link>
          <button type="button" className="btn" onClick={() => void tree.refetch()} data-testid="wfs-boxes-refresh">
            {t('wfs.boxes.refresh')}
          </button>
        </p>
      )}
      {plan.shipments.length > 0 && (
        <ul className="plain-list" data-testid="wfs-box-shipments">
          {plan.shipments.map((s) => (
            <li key={s.shipmentId}>
              <code>{s.shipmentId}</code> → {s.fcName ?? s.destination ?? '–'} ·{' '}
              {t('wfs.boxes.shipmentUnits', { units: n(s.lines.reduce((sum, l) => sum + l.quantity, 0)) })}
            </li>
          ))}
        </ul>
      )}
      {tree.isPending && <p className="grid-state">{t('app.loading')}</p>}
      {tree.isError && (
        <p className="form-error" role="alert">
          {failureText(tree.error)}
        </p>
      )}
      {tree.data && (
        <>
          <p data-testid="wfs-boxes-summary">
            {t('fba.boxes.summary', {
              boxes: n(tree.data.boxes.length),
              boxed: n(tree.data.boxed),
              units: n(tree.data.units),
            })}
          </p>
          <BoxTreeTable tree={tree.data} />
        </>
      )}
      {deciding && check.data && !check.data.canTransmit && (
        <div className="notice" role="status" data-testid="wfs-can-transmit">
          <strong>{t('wfs.boxes.notYet')}</strong>
          <ul className="plain-list">
            {check.data.problems.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
      {deciding && check.data?.canTransmit && (
        <p className="pill ok" role="status" data-testid="wfs-can-transmit-ok">
          {t('wfs.boxes.ready')}
        </p>
      )}
      <Refusal lines={action.refusal} testId="wfs-boxes-refusal" />
      {deciding && (
        <div className="button-row">
          <button
            type="button"
            className="btn primary"
            disabled={action.busy !== null}
            onClick={() => void action.run('done', 'boxes/done')}
            data-testid="wfs-packing-done"
          >
            {action.busy ? t('wfs.boxes.sending') : t('wfs.boxes.done')}
          </button>
        </div>
      )}
    </StepShell>
  );
}
