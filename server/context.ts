/** Request context and dependencies shared by every module. */
import type { Ability, Resource } from '../domain/permissions.js';
import type { Audience } from '../domain/enums.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Mailer } from './mail.js';
import type { PrincipalCache } from './auth/principal.js';
import type { JobQueue } from './jobs/queue.js';
import type { Language } from './i18n.js';

/** Who is calling, taken from the access token; every service takes it first and scopes by it. */
export interface RequestContext {
  tenantId: number;
  tenantKey: string;
  companyId: number;
  userId: number;
  username: string;
  audience: Audience;
  roleName: string;
  roleId: number;
  abilities: Ability[];
  extendedResources: Resource[];
  /** Client audiences see only their own company's rows. */
  isClient: boolean;
  platformAdmin: boolean;
  sessionId: string;
  /** The language of the request's screen (issue 41): journal lines and documents are said in it. */
  language?: Language;
}

export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  principals: PrincipalCache;
  now: () => Date;
  /** The durable job queue (server/jobs/queue.ts). */
  jobs: JobQueue;
}

export interface AppEnv {
  Variables: {
    ctx: RequestContext;
  };
}

/** What a floor mutation knows of where it came from, beside the request context. */
export interface MutationMeta {
  deviceId: string | null;
}
