/** Where the force-ship console and the floor pick screen live (issue 20). */
export const FORCE_ROOT = '/apps/outbound/fbm-force';
export const PICK_LIST = `${FORCE_ROOT}/pick-list`;
export const pickFloorHref = (batchId: number): string => `${FORCE_ROOT}/pick/${batchId}`;
