/** Environment parsed with zod at boot (ARCHITECTURE.md, server conventions). */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  /** With SEED=demo: also a stocked warehouse (products, purchase orders, stock, problems); off for an empty demo. */
  DEMO_DATA: z.enum(['on', 'off']).default('on'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Dockside <no-reply@dockside.local>'),
  PUBLIC_URL: z.string().optional(),
  /** Serve the providers' local sandboxes under /sandbox/<provider>/ (default: on with the demo seed). */
  SANDBOX: z.enum(['on', 'off']).optional(),
  /** Where this server's own sandboxes answer (default: PUBLIC_URL, else http://127.0.0.1:PORT). */
  SANDBOX_URL: z.string().optional(),
  /** The LTL freight broker's API (its production address; the sandbox answers without it). */
  FREIGHT_URL: z.string().url().optional(),
  NODE_ENV: z.string().default('development'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  seed: 'demo' | 'none';
  /** Seed the demo warehouse's products, orders and stock along with the demo tenants. */
  demoData: boolean;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl?: string;
  /** The providers' local sandboxes are served (and sandbox stores can connect). */
  sandbox: boolean;
  sandboxUrl?: string;
  freightUrl?: string;
  production: boolean;
  /** Check every answer against its route's declared response schema (tests). */
  checkResponses?: boolean;
}

/** JWT_SECRET, when unset, is generated once and kept in DATA_DIR so tokens survive restarts. */
function secretFromDataDir(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (a common way to unset in shells and CI files).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? secretFromDataDir(path.resolve(e.DATA_DIR)),
    seed: e.SEED,
    demoData: e.SEED === 'demo' && e.DEMO_DATA === 'on',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    sandbox: (e.SANDBOX ?? (e.SEED === 'demo' ? 'on' : 'off')) === 'on',
    sandboxUrl: e.SANDBOX_URL,
    freightUrl: e.FREIGHT_URL,
    production: e.NODE_ENV === 'production',
  };
}
