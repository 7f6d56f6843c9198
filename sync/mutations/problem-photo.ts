import type { LocalApplier } from './types.js';

/** A photo changes nothing on the device: it waits in the outbox until the server files it. */
export const problemPhoto: LocalApplier<'problem.photo'> = {
  stores: [],
  apply: async () => ({}),
};
