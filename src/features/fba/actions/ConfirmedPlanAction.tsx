/**
 * A plan action asked about first, with nothing to fill in (close, revert): a button opens the
 * question; confirmed, POST …/{id}/{action} and the plan the server answers replaces the cached
 * one; refused, the server's words stay in the dialog.
 */
import { useState, type ReactNode } from 'react';
import { planDetailSchema, type PlanDetail } from '../../../../domain/schemas/fba';
import { postAs } from '../../../api/typed';
import { useRefusable } from '../../../ui/refusable';
import { planPath, usePlanSaved } from '../api';
import { ActionDialog } from './ActionDialog';

export function ConfirmedPlanAction({
  plan,
  action,
  label,
  title,
  testId,
  danger = false,
  children,
}: {
  plan: PlanDetail;
  action: 'close' | 'revert';
  label: string;
  title: string;
  testId: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const saved = usePlanSaved();
  const [asking, setAsking] = useState(false);
  const { busy, refusal, setRefusal, attempt } = useRefusable();
  const confirm = () =>
    void attempt(action, async () => {
      saved(await postAs(`${planPath(plan.id)}/${action}`, {}, planDetailSchema, { inlineRefusal: true }));
      setAsking(false);
    });

  return (
    <>
      <button type="button" className="btn" onClick={() => setAsking(true)} data-testid={testId}>
        {label}
      </button>
      {asking && (
        <ActionDialog
          title={title}
          confirmLabel={label}
          busy={busy !== null}
          refusal={refusal}
          danger={danger}
          alert
          testId={`${testId}-dialog`}
          onConfirm={confirm}
          onClose={() => {
            setAsking(false);
            setRefusal([]);
          }}
        >
          {children}
        </ActionDialog>
      )}
    </>
  );
}
