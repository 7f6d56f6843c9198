/**
 * Amazon Fulfillment Inbound v2024-03-20 for one store: inbound plans and the asynchronous
 * operations behind every change (a POST answers an operationId; the work is done when
 * getInboundOperationStatus says SUCCESS, or FAILED with its problems). Amazon's usage plan for
 * these operations is 2 requests a second, burst 2 (6 for reads of status).
 */
import type { ProviderHttp } from '../http.js';
import { ProviderFailure } from '../http.js';
import {
  createInboundPlanResponseSchema,
  listInboundPlanItemsResponseSchema,
  listInboundPlansResponseSchema,
  inboundPlanSchema,
  operationStartedSchema,
  operationStatusSchema,
  type CreateInboundPlanRequest,
  type OperationStatus,
} from './inbound-models.js';

const BASE = '/inbound/fba/2024-03-20';
const WRITE = { perSecond: 2, burst: 2 };
const READ = { perSecond: 2, burst: 6 };

export class AmazonInbound {
  constructor(private readonly sp: ProviderHttp) {}

  createInboundPlan(body: CreateInboundPlanRequest) {
    return this.sp.call({
      name: 'createInboundPlan',
      method: 'POST',
      path: `${BASE}/inboundPlans`,
      json: body,
      schema: createInboundPlanResponseSchema,
      rate: WRITE,
    });
  }

  listInboundPlans(q: { status?: string; nextToken?: string; pageSize?: number } = {}) {
    return this.sp.call({
      name: 'listInboundPlans',
      method: 'GET',
      path: `${BASE}/inboundPlans`,
      query: { pageSize: q.pageSize ?? 30, status: q.status, paginationToken: q.nextToken },
      schema: listInboundPlansResponseSchema,
      rate: READ,
    });
  }

  getInboundPlan(planId: string) {
    return this.sp.call({
      name: 'getInboundPlan',
      method: 'GET',
      path: `${BASE}/inboundPlans/${encodeURIComponent(planId)}`,
      schema: inboundPlanSchema,
      rate: READ,
    });
  }

  listInboundPlanItems(planId: string, nextToken?: string) {
    return this.sp.call({
      name: 'listInboundPlanItems',
      method: 'GET',
      path: `${BASE}/inboundPlans/${encodeURIComponent(planId)}/items`,
      query: { pageSize: 1000, paginationToken: nextToken },
      schema: listInboundPlanItemsResponseSchema,
      rate: READ,
    });
  }

  cancelInboundPlan(planId: string) {
    return this.sp.call({
      name: 'cancelInboundPlan',
      method: 'PUT',
      path: `${BASE}/inboundPlans/${encodeURIComponent(planId)}/cancellation`,
      schema: operationStartedSchema,
      rate: WRITE,
    });
  }

  operationStatus(operationId: string) {
    return this.sp.call({
      name: 'getInboundOperationStatus',
      method: 'GET',
      path: `${BASE}/operations/${encodeURIComponent(operationId)}`,
      schema: operationStatusSchema,
      rate: READ,
    });
  }

  /**
   * Polls an operation until it is done. SUCCESS answers the status; FAILED becomes a refusal whose
   * messages are Amazon's operation problems, ready to show per SKU; still running after `timeoutMs`
   * is a provider failure a job can retry later.
   */
  async waitFor(operationId: string, opts: { pollMs?: number; timeoutMs?: number } = {}): Promise<OperationStatus> {
    const pollMs = opts.pollMs ?? 1_000;
    const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
    for (;;) {
      const status = await this.operationStatus(operationId);
      if (status.operationStatus === 'SUCCESS') return status;
      if (status.operationStatus === 'FAILED')
        throw new ProviderFailure(
          'refused',
          'Amazon',
          status.operation,
          status.operationProblems.map((p) => `Amazon (${p.code}): ${p.message}${p.details ? ` — ${p.details}` : ''}`),
        );
      if (Date.now() > deadline)
        throw new ProviderFailure('unavailable', 'Amazon', status.operation, [
          'Amazon is still working on it; Dockside will check again',
        ]);
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }
}
