/**
 * The boxes step: units are packed by scan at the packer's bench (linked from here — the bench
 * is its own floor screen); the desk sees the box tree as the server judges it (contents, sizes,
 * weights, what Amazon would refuse per box, what is left to box) and sends the boxes to Amazon
 * once every unit is boxed and every box closed. The server refuses (412) per box and SKU; those
 * lines are listed here. Past this step it shows the boxes as sent.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { mayOpen } from '../../../app/guard';
import { failureText } from '../api';
import { useBoxTree } from '../box-tree';
import { mayChangePlans } from '../rights';
import { BoxTreeTable } from './BoxTreeTable';
import { Refusal } from './Refusal';
import { StepShell } from './StepShell';
import { useStepAction } from './step-action';
import type { StepProps } from './types';
import { formatNumber } from '../../../../domain/format';

export function BoxesStep({ plan, state }: StepProps) {
  const { t, i18n } = useTranslation();
  const tree = useBoxTree(plan.id, plan.updatedAt);
  const action = useStepAction(plan.id);
  const deciding = state === 'current' && plan.status !== 'cancelled' && mayChangePlans();
  const working = !!plan.operationId;
  const benchOpens = mayOpen({ resource: 'fba', action: 'update', warehouseOnly: true });
  const n = (v: number) => formatNumber(i18n.language, v);
  const open = tree.data?.boxes.filter((b) => b.state === 'open').length ?? 0;
  const left = tree.data?.left.reduce((sum, l) => sum + l.left, 0) ?? 0;
  const problems = tree.data?.boxes.reduce((sum, b) => sum + b.problems.length, 0) ?? 0;
  const ready = !!tree.data && tree.data.boxes.length > 0 && open === 0 && left === 0 && problems === 0;

  return (
    <StepShell step="boxes" state={state}>
      {deciding && benchOpens && (
        <p>
          <Link to={`/apps/outbound/bench/${plan.id}`} className="btn primary" data-testid="fba-open-bench">
            {t('fba.boxes.openBench')}
          </Link>
        </p>
      )}
      {tree.isPending && <p className="grid-state">{t('app.loading')}</p>}
      {tree.isError && (
        <p className="form-error" role="alert">
          {failureText(tree.error)}
        </p>
      )}
      {tree.data && (
        <>
          <p data-testid="fba-boxes-summary">
            {t('fba.boxes.summary', {
              boxes: n(tree.data.boxes.length),
              boxed: n(tree.data.boxed),
              units: n(tree.data.units),
            })}
          </p>
          {deciding && !ready && (
            <ul className="notice plain-list" role="status" data-testid="fba-boxes-todo">
              {left > 0 && <li>{t('fba.boxes.leftToBox', { count: left })}</li>}
              {open > 0 && <li>{t('fba.boxes.openBoxes', { count: open })}</li>}
              {problems > 0 && <li>{t('fba.boxes.withProblems', { count: problems })}</li>}
              {tree.data.boxes.length === 0 && <li>{t('fba.boxes.noneYet')}</li>}
            </ul>
          )}
          <BoxTreeTable tree={tree.data} />
          {tree.data.left.length > 0 && (
            <>
              <h3>{t('fba.boxes.leftTitle')}</h3>
              <ul className="plain-list" data-testid="fba-boxes-left">
                {tree.data.left.map((l) => (
                  <li key={l.planItemId}>
                    {l.title}: {t('fba.boxes.unitsLeft', { count: l.left })}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <Refusal lines={action.refusal} />
      {deciding && (
        <div className="button-row">
          <button
            type="button"
            className="btn primary"
            disabled={working || action.busy !== null || !tree.data || tree.data.boxes.length === 0}
            title={ready ? undefined : t('fba.boxes.sendHint')}
            onClick={() => void action.run('send', 'packing-information')}
            data-testid="fba-send-boxes"
          >
            {action.busy === 'send' || plan.operation === 'setPackingInformation'
              ? t('fba.boxes.sending')
              : t('fba.boxes.send')}
          </button>
        </div>
      )}
    </StepShell>
  );
}
