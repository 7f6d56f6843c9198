/**
 * One of Amazon's steps asked from a step screen: the plan the server answers (202, with the
 * operation that follows it) replaces the cached one; a refusal (412: per box, SKU or shipment)
 * is kept to be listed beside the action, not in the error modal.
 */
import { useState } from 'react';
import { planDetailSchema } from '../../../../domain/schemas/fba';
import { postAs, putAs } from '../../../api/typed';
import { failureLines, planPath, usePlanSaved } from '../api';

export function useStepAction(planId: number) {
  const saved = usePlanSaved();
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string[]>([]);
  /** Answers whether the server took it. `what` names the action, so its button alone shows it is busy. */
  const run = async (what: string, path: string, body: unknown = {}, method: 'post' | 'put' = 'post') => {
    setBusy(what);
    setRefusal([]);
    try {
      const send = method === 'put' ? putAs : postAs;
      saved(await send(`${planPath(planId)}/${path}`, body, planDetailSchema, { quiet: true, inlineRefusal: true }));
      return true;
    } catch (err) {
      setRefusal(failureLines(err));
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, refusal, setRefusal, run };
}
