/**
 * The WFS plan API as the screens call it (server/modules/wfs/routes.ts): paths, query keys, the
 * plan query every step shares, and one action runner — the plan the server answers replaces the
 * cached one; a refusal (412, per SKU, box or shipment) is kept to be listed beside the action.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { wfsPlanDetailSchema, type WfsPlanDetail } from '../../../domain/schemas/wfs';
import { getAs, postAs, putAs } from '../../api/typed';
import { useRefusable } from '../../ui/refusable';

export const WFS_PLANS = '/api/outbound/wfs/plan';
export const WFS_QUERY = `${WFS_PLANS}/query`;
export const WFS_PENDING = `${WFS_PLANS}/pending`;
export const WFS_AVAILABLE = `${WFS_PLANS}/available`;
export const wfsPlanPath = (id: number) => `${WFS_PLANS}/${id}`;
export const shipmentPath = (id: number, shipmentId: string) =>
  `${wfsPlanPath(id)}/shipments/${encodeURIComponent(shipmentId)}`;

export const wfsKeys = {
  plan: (id: number) => ['wfs-plan', id] as const,
  canTransmit: (id: number) => ['wfs-can-transmit', id] as const,
  availableGrid: (companyId: number) => `wfs-available-${companyId}`,
  plansGrid: 'wfs-plans',
  clientPlansGrid: (companyId: number) => `wfs-client-plans-${companyId}`,
  stores: (companyId: number) => ['wfs-stores', companyId] as const,
  template: (companyId: number) => ['wfs-default-template', companyId] as const,
};

export function useWfsPlan(id: number) {
  return useQuery({
    queryKey: wfsKeys.plan(id),
    queryFn: () => getAs(wfsPlanPath(id), wfsPlanDetailSchema, { quiet: true, inlineRefusal: true, background: true }),
    retry: false,
  });
}

export function refreshWfs(qc: QueryClient, plan: WfsPlanDetail): void {
  qc.setQueryData(wfsKeys.plan(plan.id), plan);
  void qc.invalidateQueries({ queryKey: wfsKeys.canTransmit(plan.id) });
  void qc.invalidateQueries({ queryKey: [wfsKeys.availableGrid(plan.companyId)] });
  void qc.invalidateQueries({ queryKey: [wfsKeys.plansGrid] });
  void qc.invalidateQueries({ queryKey: [wfsKeys.clientPlansGrid(plan.companyId)] });
  void qc.invalidateQueries({ queryKey: ['fba-box-tree', plan.id] });
}

/** One action on the plan (`path` under the plan); answers whether the server took it. */
export function useWfsAction(planId: number) {
  const qc = useQueryClient();
  const { busy, refusal, setRefusal, attempt } = useRefusable();
  const run = (what: string, path: string, body: unknown = {}, method: 'post' | 'put' = 'post') =>
    attempt(what, async () => {
      const send = method === 'put' ? putAs : postAs;
      refreshWfs(
        qc,
        await send(`${wfsPlanPath(planId)}/${path}`, body, wfsPlanDetailSchema, { quiet: true, inlineRefusal: true }),
      );
    });
  return { busy, refusal, setRefusal, run };
}
