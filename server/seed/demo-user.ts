/**
 * The demo seed's hands: a demo user signed in to the in-process app, calling the REST routes the
 * screens use and pushing floor work through the outbox's endpoint, as that person would.
 */
import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD } from './demo.js';

/** The in-process app (Hono's `request`), so seeding needs no port. */
export interface InProcessApp {
  request(input: string | Request, init?: RequestInit): Response | Promise<Response>;
}

export interface Mutation {
  name: string;
  args: Record<string, unknown>;
}

export const now = () => new Date().toISOString();

export class DemoUser {
  private constructor(
    private readonly app: InProcessApp,
    private readonly token: string,
    readonly username: string,
    readonly tenantId: number,
    readonly companyId: number,
  ) {}

  static async signIn(app: InProcessApp, username: string): Promise<DemoUser> {
    const res = await app.request('/api/authenticate/mfa', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: DEMO_PASSWORD }),
    });
    const json = (await res.json()) as {
      body?: { accessToken?: string; userData?: { tenantId: number; companyId: number } };
    };
    if (!json.body?.accessToken || !json.body.userData)
      throw new Error(`demo data: ${username} could not sign in (${res.status})`);
    return new DemoUser(
      app,
      json.body.accessToken,
      username,
      json.body.userData.tenantId,
      json.body.userData.companyId,
    );
  }

  async call<T>(method: string, path: string, body?: unknown, okStatuses: number[] = []): Promise<T> {
    const res = await this.app.request(path, {
      method,
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { body: T; meta: { error_list: { message: string }[] } };
    if (res.status >= 400 && !okStatuses.includes(res.status))
      throw new Error(
        `demo data: ${this.username} ${method} ${path} → ${res.status} ${json.meta.error_list.map((e) => e.message).join('; ')}`,
      );
    return json.body;
  }

  /** Floor work through the outbox's endpoint; every mutation must be applied. */
  async push(mutations: Mutation[]): Promise<unknown[]> {
    const sent = mutations.map((m) => ({ id: randomUUID(), name: m.name, args: m.args, createdAt: now() }));
    const { results } = await this.call<{
      results: { status: string; message?: string; result?: unknown }[];
    }>('POST', '/api/sync/push', { deviceId: 'demo-seed', mutations: sent });
    results.forEach((r, i) => {
      if (r.status !== 'applied')
        throw new Error(`demo data: ${mutations[i].name} ${JSON.stringify(mutations[i].args)} → ${r.message}`);
    });
    return results.map((r) => r.result);
  }
}
