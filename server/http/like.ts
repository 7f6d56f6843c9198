/** LIKE patterns from what a user typed: its % _ and \ match themselves, not as wildcards. */
const escapeLike = (s: string): string => s.replace(/[\\%_]/g, '\\$&');

/** Values starting with `s`. */
export const likePrefix = (s: string): string => `${escapeLike(s)}%`;
/** Values containing `s`. */
export const likeContains = (s: string): string => `%${escapeLike(s)}%`;
