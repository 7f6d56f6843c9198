/**
 * The floor-mutation catalogue (domain) and the server's registry are one list (issue 16): a
 * registry missing a name does not compile, and at run time both hold exactly the same names.
 */
import { describe, expect, it } from 'vitest';
import { MUTATION_NAMES } from '../../domain/mutations.js';
import { SERVER_MUTATIONS, type ServerMutations } from '../../server/sync/registry.js';

describe('mutation registry', () => {
  it('has a server handler for every domain mutation and no other', () => {
    expect(Object.keys(SERVER_MUTATIONS).sort()).toEqual([...MUTATION_NAMES].sort());
  });

  it('does not compile without every mutation, or with args of another mutation', () => {
    // @ts-expect-error — a registry without every mutation of the catalogue is refused by the compiler.
    const partial: ServerMutations = { 'package.scan': SERVER_MUTATIONS['package.scan'] };
    const wrongArgs: ServerMutations = {
      ...SERVER_MUTATIONS,
      // @ts-expect-error — item.sort's handler cannot take package.scan's args.
      'item.sort': { apply: SERVER_MUTATIONS['package.scan'].apply },
    };
    expect(partial).toBeDefined();
    expect(wrongArgs).toBeDefined();
  });
});
