// @vitest-environment jsdom
/** The typed client parses answers with the domain schema in tests and development. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { getAs } from '../../src/api/typed';

const answer = (body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify({ meta: { error_list: [], info_list: [], warn_list: [] }, body }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
  );
afterEach(() => vi.restoreAllMocks());

describe('typed client', () => {
  const schema = z.object({ id: z.number(), name: z.string() });
  it('answers the parsed body, typed by the schema', async () => {
    answer({ id: 1, name: 'Acme', extra: true });
    const got = await getAs('/api/x', schema, { quiet: true, background: true });
    expect(got).toEqual({ id: 1, name: 'Acme' });
  });
  it('fails loudly when the server answers outside the schema', async () => {
    answer({ id: 'one' });
    await expect(getAs('/api/x', schema, { quiet: true, background: true })).rejects.toThrow(
      /GET \/api\/x answered outside its schema: id: .*; name: /,
    );
  });
});
