/**
 * An in-process Dockside server for integration tests: PGlite in memory by default, or a fresh
 * database on the PostgreSQL server named by DATABASE_URL (so CI runs every test on both).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import pg from 'pg';
import type { Config } from '../../server/config.js';
import { start, type Started } from '../../server/start.js';
import { pgliteTemplate } from './pglite-template.js';
import { totpCode } from '../../server/auth/totp.js';
import { DEMO_MFA_SECRET, DEMO_PASSWORD } from '../../server/seed/demo.js';

/** The secret of every server started from the stocked demo template (see TestServer.start). */
const STOCKED_TEMPLATE_SECRET = 'dockside-tests-stocked-demo-template-secret-0001';

export interface TestResponse<T = any> {
  status: number;
  body: T;
  meta: {
    /** A refusal may name its message code and field (issue 41). */
    error_list: { message: string; code?: string; field?: string }[];
    info_list: { message: string }[];
    warn_list: { message: string }[];
  };
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

async function freshPostgresDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `dockside_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  admin.on('error', () => undefined);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      c.on('error', () => undefined);
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export class TestServer {
  private listener: ServerType | null = null;

  private constructor(
    readonly started: Started,
    private readonly dropDb?: () => Promise<void>,
  ) {}

  static async start(opts: { seed?: 'demo' | 'none'; demoData?: boolean } = {}): Promise<TestServer> {
    const base = process.env.DATABASE_URL;
    const pgDb = base ? await freshPostgresDatabase(base) : undefined;
    const config: Config = {
      port: 0,
      host: '127.0.0.1',
      dataDir: '/nonexistent',
      databaseUrl: pgDb?.url,
      // The stocked template holds the demo Amazon store's credentials sealed with the secret of
      // the server that built it, so stocked servers share one fixed secret (templates are cached
      // on disk across test processes); the others each get a fresh one.
      jwtSecret: opts.demoData ? STOCKED_TEMPLATE_SECRET : randomBytes(32).toString('hex'),
      seed: opts.seed ?? 'demo',
      // The stocked demo warehouse is opt-in: most tests start from the bare demo tenants.
      demoData: opts.demoData ?? false,
      mailFrom: 'test@dockside.local',
      sandbox: true,
      production: false,
      // Every answer of every integration test is checked against its declared response schema.
      checkResponses: true,
    };
    // On PGlite each test server starts from a template migrated and seeded once (pglite-template.ts).
    const template = pgDb ? undefined : await pgliteTemplate(config);
    const started = await start(config, { inMemory: true, template });
    return new TestServer(started, pgDb?.drop);
  }

  get deps() {
    return this.started.deps;
  }

  get db() {
    return this.started.deps.db;
  }

  /**
   * Listens on loopback (a real HTTP port) and points the server's own sandboxes there, so the
   * provider clients talk to /sandbox/<provider>/ over real HTTP, as they would to the provider.
   */
  async listen(): Promise<string> {
    const server = serve({ fetch: this.started.app.fetch, port: 0, hostname: '127.0.0.1' });
    this.listener = server;
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    this.started.deps.config.sandboxUrl = url;
    return url;
  }

  async close(): Promise<void> {
    if (this.listener) await new Promise<void>((r) => this.listener!.close(() => r()));
    await this.started.database.close();
    await this.dropDb?.();
  }

  async request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await this.started.app.request(path, { method, headers, body });
    const json = (await res.json()) as { meta: TestResponse['meta']; body: T };
    return { status: res.status, body: json.body, meta: json.meta, headers: res.headers };
  }

  get = <T = any>(path: string, token?: string) => this.request<T>('GET', path, { token });
  post = <T = any>(path: string, body: unknown, token?: string) => this.request<T>('POST', path, { body, token });
  put = <T = any>(path: string, body: unknown, token?: string) => this.request<T>('PUT', path, { body, token });
  del = <T = any>(path: string, token?: string) => this.request<T>('DELETE', path, { token });

  /** Signs a demo user in (completing TOTP for demo.mfa) and returns the token body. */
  async signIn(username: string, password = DEMO_PASSWORD) {
    const res = await this.post('/api/authenticate/mfa', { username, password });
    if (res.status !== 200) throw new Error(`sign-in ${username} failed: ${res.status} ${JSON.stringify(res.meta)}`);
    if (res.body.mfaRequired) {
      const v = await this.post('/api/authenticate/mfa/verify', {
        username,
        password,
        mfaCode: totpCode(DEMO_MFA_SECRET, new Date()),
      });
      if (v.status !== 200) throw new Error(`mfa ${username} failed: ${v.status}`);
      return v.body as { accessToken: string; refreshToken: string; userData: any };
    }
    return res.body as { accessToken: string; refreshToken: string; userData: any };
  }

  async token(username: string): Promise<string> {
    return (await this.signIn(username)).accessToken;
  }
}
