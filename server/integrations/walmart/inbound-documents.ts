/**
 * WFS labels (receiving labels, carrier labels) come back from Walmart as the document itself — a
 * PDF or ZPL body — while every other answer and every refusal is JSON. ProviderHttp reads JSON, so
 * the WFS calls go through a fetch that hands a document on as `{contentType, base64}`: rate limits,
 * retries, the refusal messages and the call log stay the one shared path. Only requests that ask
 * for a document (their Accept names one) are rewritten; HTML from a broken proxy stays garbage.
 */
import { z } from 'zod';

export const DOCUMENT_TYPES = ['application/pdf', 'application/zpl', 'application/octet-stream', 'text/plain'];

export const documentAnswerSchema = z.object({ contentType: z.string(), base64: z.string().min(1) });

export interface WalmartDocument {
  contentType: string;
  bytes: Buffer;
}

export const asDocument = (d: z.infer<typeof documentAnswerSchema>): WalmartDocument => ({
  contentType: d.contentType,
  bytes: Buffer.from(d.base64, 'base64'),
});

export function documentFetch(inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const res = await inner(input, init);
    const accept = new Headers(init?.headers).get('accept') ?? '';
    const type = res.headers.get('content-type') ?? '';
    const isDocument = DOCUMENT_TYPES.some((t) => type.startsWith(t));
    if (!res.ok || !isDocument || !DOCUMENT_TYPES.some((t) => accept.includes(t))) return res;
    const bytes = Buffer.from(await res.arrayBuffer());
    return new Response(JSON.stringify({ contentType: type, base64: bytes.toString('base64') }), {
      status: res.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}
