/**
 * One of Amazon's steps asked from a step screen: the plan the server answers (202, with the
 * operation that follows it) replaces the cached one; a refusal (412: per box, SKU or shipment)
 * is kept to be listed beside the action, not in the error modal.
 */
import { planDetailSchema } from '../../../../domain/schemas/fba';
import { postAs, putAs } from '../../../api/typed';
import { useRefusable } from '../../../ui/refusable';
import { planPath, usePlanSaved } from '../api';

export function useStepAction(planId: number) {
  const saved = usePlanSaved();
  const { busy, refusal, setRefusal, attempt } = useRefusable();
  /** Answers whether the server took it. `what` names the action, so its button alone shows it is busy. */
  const run = (what: string, path: string, body: unknown = {}, method: 'post' | 'put' = 'post') =>
    attempt(what, async () => {
      const send = method === 'put' ? putAs : postAs;
      saved(await send(`${planPath(planId)}/${path}`, body, planDetailSchema, { quiet: true, inlineRefusal: true }));
    });
  return { busy, refusal, setRefusal, run };
}
