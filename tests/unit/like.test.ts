/** Search patterns: what a user typed matches itself, wildcards included. */
import { describe, expect, it } from 'vitest';
import { likeContains, likePrefix } from '../../server/http/like.js';

describe('LIKE patterns', () => {
  it('escape %, _ and the escape character itself', () => {
    expect(likePrefix('A-01')).toBe('A-01%');
    expect(likePrefix('50%_off\\')).toBe('50\\%\\_off\\\\%');
    expect(likeContains('mug')).toBe('%mug%');
  });
});
