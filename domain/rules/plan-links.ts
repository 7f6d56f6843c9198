/**
 * Where the app shows one FBA or WFS plan, for the screens' links and for what the server tells a
 * client (a notification's link): spec /apps/outbound/fba-shipments/:accountNo?/:workflow?/:batchId?
 * and /apps/outbound/wfs/:workflow?/:accountNo?/:companyId?/:storeId?/:shipmentPlanId?.
 */
export const FBA_ROOT = '/apps/outbound/fba-shipments';
export const WFS_ROOT = '/apps/outbound/wfs';
/** A path segment; an empty one is `-`, so the route keeps its shape. */
export const seg = (s: string) => encodeURIComponent(s || '-');

export const fbaPlanPath = (accountNo: string, step: string, id: number) =>
  `${FBA_ROOT}/${seg(accountNo)}/${step}/${id}`;
export const wfsPlanPath = (accountNo: string, companyId: number, storeId: number, step: string, id: number) =>
  `${WFS_ROOT}/${step}/${seg(accountNo)}/${companyId}/${storeId}/${id}`;
