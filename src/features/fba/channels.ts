/** The channels the shipment-plan lists show as tabs: FBA plans here; WFS plans are not built yet. */
export const CHANNELS = ['fba', 'wfs'] as const;
export type Channel = (typeof CHANNELS)[number];
export const channelOf = (raw: string | undefined): Channel =>
  (CHANNELS as readonly string[]).includes((raw ?? '').toLowerCase()) ? ((raw ?? '').toLowerCase() as Channel) : 'fba';
