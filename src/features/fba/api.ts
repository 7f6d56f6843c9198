/**
 * The FBA plan API as the screens call it (server/modules/fba/routes.ts): paths, query keys and
 * the plan query every step shares, so a save anywhere refreshes the one plan the workspace shows.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { planDetailSchema, type PlanDetail } from '../../../domain/schemas/fba';
import { ApiFailure } from '../../api/client';
import { getAs } from '../../api/typed';

export const PLANS = '/api/outbound/outbound-shipping/batch';
export const PLAN_ITEMS = '/api/outbound/outbound-shipping/item';
export const PENDING = `${PLANS}/pending`;
export const AVAILABLE = `${PLANS}/available`;
export const PREFERENCES = `${PLANS}/preferences`;
export const BOLS = `${PLANS}/bill-of-lading`;
export const BOX_TREE = '/api/outbound/outbound-shipping/box';
export const planPath = (id: number) => `${PLANS}/${id}`;
export const operationPath = (storeId: number, operationId: string) =>
  `/api/common/stores/${storeId}/operations/${encodeURIComponent(operationId)}`;

/** Query keys: the grids' ids double as their cache keys (DataGrid), so invalidating by id refreshes them. */
export const keys = {
  plan: (id: number) => ['fba-plan', id] as const,
  precheck: (id: number) => ['fba-precheck', id] as const,
  operation: (storeId: number, operationId: string) => ['fba-operation', storeId, operationId] as const,
  availableGrid: (companyId: number) => `fba-available-${companyId}`,
  plansGrid: 'fba-plans',
  clientPlansGrid: (companyId: number) => `fba-client-plans-${companyId}`,
  stores: (companyId: number) => ['fba-stores', companyId] as const,
  boxTree: (id: number) => ['fba-box-tree', id] as const,
  preferences: (companyId: number) => ['fba-preferences', companyId] as const,
  bolGrid: 'fba-bols',
};

/** While Amazon works on the plan, it is re-read this often as well (the operation is followed every ~2 s). */
const PLAN_REFRESH_MS = 4_000;

export function usePlan(id: number) {
  return useQuery({
    queryKey: keys.plan(id),
    queryFn: () => getAs(planPath(id), planDetailSchema, { quiet: true, inlineRefusal: true, background: true }),
    retry: false,
    refetchInterval: (q) => (q.state.data?.operationId ? PLAN_REFRESH_MS : false),
  });
}

/** A saved plan replaces the cached one, and what depends on its lines is read again. */
export function usePlanSaved() {
  const qc = useQueryClient();
  return (plan: PlanDetail) => refreshAfter(qc, plan);
}

export function refreshAfter(qc: QueryClient, plan: PlanDetail): void {
  qc.setQueryData(keys.plan(plan.id), plan);
  void qc.invalidateQueries({ queryKey: keys.precheck(plan.id) });
  void qc.invalidateQueries({ queryKey: [keys.availableGrid(plan.companyId)] });
  void qc.invalidateQueries({ queryKey: [keys.plansGrid] });
  void qc.invalidateQueries({ queryKey: [keys.clientPlansGrid(plan.companyId)] });
  void qc.invalidateQueries({ queryKey: keys.boxTree(plan.id) });
  void qc.invalidateQueries({ queryKey: [keys.bolGrid] });
}

export const failureText = (err: unknown): string => (err instanceof ApiFailure ? err.message : String(err));
/** The server's words, one per line (a 412 names each product and what is available). */
export const failureLines = (err: unknown): string[] =>
  err instanceof ApiFailure && err.messages.length ? err.messages : [failureText(err)];
