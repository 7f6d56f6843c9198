/**
 * Tickets for the Server-Sent Events stream (/api/sync/events). EventSource cannot send an
 * Authorization header, and an access token in the URL ends up in proxy logs and browser history
 * for as long as it lives. A ticket is asked for with the bearer token, opens only the stream,
 * lives a minute and is taken once: what a log keeps of it is already useless.
 */
import { randomBytes } from 'node:crypto';
import { sign, verify } from 'hono/jwt';

export const STREAM_TICKET_TTL_SECONDS = 60;

export interface StreamTicketClaims {
  sub: string;
  tid: number;
  sid: string;
  jti: string;
  exp: number;
  typ: 'stream';
}

export async function signStreamTicket(
  secret: string,
  who: { userId: number; tenantId: number; sessionId: string },
  now: Date,
): Promise<{ ticket: string; expiresAt: string }> {
  const exp = Math.floor(now.getTime() / 1000) + STREAM_TICKET_TTL_SECONDS;
  const claims: StreamTicketClaims = {
    sub: String(who.userId),
    tid: who.tenantId,
    sid: who.sessionId,
    jti: randomBytes(16).toString('base64url'),
    exp,
    typ: 'stream',
  };
  return { ticket: await sign({ ...claims }, secret, 'HS256'), expiresAt: new Date(exp * 1000).toISOString() };
}

/** Redeems each ticket once (per server process; its one-minute life bounds the rest). */
export class StreamTicketBook {
  private readonly taken = new Map<string, number>();

  async redeem(secret: string, ticket: string, now: Date): Promise<StreamTicketClaims | null> {
    let claims: StreamTicketClaims;
    try {
      claims = (await verify(ticket, secret, 'HS256')) as unknown as StreamTicketClaims;
    } catch {
      return null;
    }
    if (claims.typ !== 'stream' || typeof claims.jti !== 'string' || typeof claims.tid !== 'number') return null;
    const seconds = now.getTime() / 1000;
    for (const [jti, exp] of this.taken) if (exp < seconds) this.taken.delete(jti);
    if (this.taken.has(claims.jti)) return null;
    this.taken.set(claims.jti, claims.exp);
    return claims;
  }
}
