/** Where the packer's bench lives: the picker, and one plan's bench (the FBA workspace links here). */
export const BENCH_ROOT = '/apps/outbound/bench';
export const benchHref = (planId: number): string => `${BENCH_ROOT}/${planId}`;
