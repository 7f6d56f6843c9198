/**
 * Client shipment item statuses (spec §3) and the transitions a unit may make. An item moves
 * forward through receiving; returned, disposed, blocked and archived are side exits. The rule
 * is shared: the handheld refuses a move locally, the server refuses it with 412.
 */
export const ITEM_STATUSES = {
  intransit: 0,
  partially_delivered: 1,
  delivered: 2,
  received: 3,
  inprep: 4,
  stored: 5,
  shipped: 6,
  fulfilled: 7,
  returned: 8,
  disposed: 9,
  blocked: 10,
  archived: 11,
} as const;
export type ItemStatus = keyof typeof ITEM_STATUSES;
export const ITEM_STATUS_NAMES = Object.keys(ITEM_STATUSES) as ItemStatus[];

/** Spec §3: only these five are offered in filters. */
export const ITEM_STATUS_FILTERS: ItemStatus[] = [
  'intransit',
  'partially_delivered',
  'delivered',
  'fulfilled',
  'blocked',
];

const SIDE_EXITS: ItemStatus[] = ['returned', 'disposed', 'blocked'];

export const ITEM_TRANSITIONS: Record<ItemStatus, readonly ItemStatus[]> = {
  intransit: ['partially_delivered', 'delivered', ...SIDE_EXITS, 'archived'],
  partially_delivered: ['delivered', 'received', ...SIDE_EXITS],
  delivered: ['received', ...SIDE_EXITS],
  received: ['inprep', 'stored', ...SIDE_EXITS],
  inprep: ['stored', 'shipped', 'fulfilled', ...SIDE_EXITS],
  stored: ['inprep', 'shipped', 'fulfilled', ...SIDE_EXITS],
  shipped: ['archived'],
  fulfilled: ['archived'],
  returned: ['archived'],
  disposed: ['archived'],
  // A blocked item is released back to where work on it can resume.
  blocked: ['received', 'stored', 'returned', 'disposed', 'archived'],
  archived: [],
};

export const canTransition = (from: ItemStatus, to: ItemStatus): boolean => ITEM_TRANSITIONS[from].includes(to);

/** Null when allowed, else the message the user reads. */
export function transitionError(from: ItemStatus, to: ItemStatus): string | null {
  if (from === to) return null;
  if (canTransition(from, to)) return null;
  const allowed = ITEM_TRANSITIONS[from];
  return allowed.length
    ? `An item that is ${from} cannot become ${to}; it can become ${allowed.join(', ')}`
    : `An item that is ${from} can no longer change status`;
}
