/**
 * Notifications: notifyCompany keeps what the warehouse tells a client company for its users to
 * read in the app, and e-mails each active user of the company who has not turned that kind off.
 * Reading is per user; a user reads only their own company's notifications in their own tenant.
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { pageOffset, type Page, type PageRequest } from '../../../domain/paging.js';
import {
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationPreferences,
} from '../../../domain/schemas/notifications.js';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { notificationPreferences, notificationReads, notifications, users } from '../../db/schema/index.js';
import { sayWords, type Words } from '../../http/words.js';
import type { Language } from '../../i18n.js';
import { mailLanguage } from '../../mail.js';

/** A notice's subject and body as codes and parameters, said in each reader's language (issue 41). */
export interface NoticeWords {
  subject: Words;
  body: Words;
}

/** What a notice says: its words (said in each reader's language), or text as it stands. */
type NoticeText =
  { words: NoticeWords; subject?: never; body?: never } | { subject: string; body: string; words?: never };

export type CompanyNotice = {
  tenantId: number;
  companyId: number;
  kind: NotificationKind;
  link?: string | null;
  /** Also e-mail the company's users (those who have not turned this kind off). */
  email: boolean;
} & NoticeText;

/** A plan's "shipped" notice (FBA or WFS): its name, units, shipments and the marketplace's reference. */
export const shippedNoticeWords = (
  channel: 'fba' | 'wfs',
  plan: { name: string; inboundPlanId: string | null },
  units: number,
  shipments: number,
): NoticeWords => ({
  subject: { key: `notices.${channel}ShippedSubject`, params: { plan: plan.name } },
  body: {
    key: `notices.${channel}ShippedBody`,
    params: {
      plan: plan.name,
      units: { key: 'journal.units', params: { count: units } },
      count: shipments,
      ref: plan.inboundPlanId ?? '',
    },
  },
});

const isNoticeWords = (v: unknown): v is NoticeWords =>
  typeof v === 'object' && v !== null && 'subject' in v && 'body' in v;

/** A notice's subject and body in a language (text notices as they stand). */
function noticeIn(n: { subject?: string; body?: string; words?: unknown }, language: Language) {
  return isNoticeWords(n.words)
    ? { subject: sayWords(n.words.subject, language), body: sayWords(n.words.body, language) }
    : { subject: n.subject ?? '', body: n.body ?? '' };
}

/** The company's active users with an address who want this kind by e-mail, with their chosen language. */
async function emailRecipients(db: DbOrTx, n: CompanyNotice): Promise<{ email: string; langKey: string | null }[]> {
  const rows = await db
    .select({ email: users.email, langKey: users.langKey, off: notificationPreferences.emailOff })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(eq(users.tenantId, n.tenantId), eq(users.companyId, n.companyId), eq(users.status, 'active')));
  const seen = new Set<string>();
  return rows.flatMap((r) => {
    if (!r.email || (r.off ?? []).includes(n.kind) || seen.has(r.email)) return [];
    seen.add(r.email);
    return [{ email: r.email, langKey: r.langKey }];
  });
}

/** The notification alone, inside the caller's transaction (it lands with the work it tells of). */
export async function recordNotification(db: DbOrTx, n: Omit<CompanyNotice, 'email'>): Promise<void> {
  const english = noticeIn(n, 'en');
  await db.insert(notifications).values({
    tenantId: n.tenantId,
    companyId: n.companyId,
    kind: n.kind,
    subject: english.subject,
    body: english.body,
    words: n.words ?? null,
    link: n.link ?? null,
  });
}

/** Keeps the notice for the company's users and e-mails each in their own language. */
export async function notifyCompany(deps: Pick<Deps, 'db' | 'mailer'>, n: CompanyNotice): Promise<void> {
  await recordNotification(deps.db, n);
  if (!n.email) return;
  for (const to of await emailRecipients(deps.db, n)) {
    const said = noticeIn(n, await mailLanguage(deps.db, n.tenantId, to.langKey));
    await deps.mailer.send({ tenantId: n.tenantId, to: to.email, ...said, template: n.kind });
  }
}

const mine = (ctx: RequestContext) =>
  and(eq(notifications.tenantId, ctx.tenantId), eq(notifications.companyId, ctx.companyId));
const readByMe = (ctx: RequestContext) =>
  and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, ctx.userId));

export async function unreadCount(deps: Deps, ctx: RequestContext): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(notifications)
    .leftJoin(notificationReads, readByMe(ctx))
    .where(and(mine(ctx), isNull(notificationReads.userId)));
  return Number(row.n);
}

export async function listNotifications(
  deps: Deps,
  ctx: RequestContext,
  page: PageRequest,
  onlyUnread: boolean,
): Promise<Page<Notification> & { unread: number }> {
  const where = and(mine(ctx), onlyUnread ? isNull(notificationReads.userId) : undefined);
  const [rows, [total], unread] = await Promise.all([
    deps.db
      .select({ n: notifications, readAt: notificationReads.readAt })
      .from(notifications)
      .leftJoin(notificationReads, readByMe(ctx))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    deps.db.select({ n: count() }).from(notifications).leftJoin(notificationReads, readByMe(ctx)).where(where),
    unreadCount(deps, ctx),
  ]);
  return {
    content: rows.map(({ n, readAt }) => ({
      id: n.id,
      // A kind no longer offered still reads as the nearest one rather than failing the page.
      kind: (NOTIFICATION_KINDS as readonly string[]).includes(n.kind)
        ? (n.kind as NotificationKind)
        : 'invoice.issued',
      ...noticeIn(n, ctx.language ?? 'en'),
      link: n.link,
      createdAt: new Date(n.createdAt).toISOString(),
      read: readAt !== null,
    })),
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalElements: Number(total.n),
    unread,
  };
}

/** Marks the caller's own notifications read; ids of other companies' notifications mark nothing. */
export async function markRead(
  deps: Deps,
  ctx: RequestContext,
  input: { ids?: number[]; all?: true },
): Promise<{ marked: number; unread: number }> {
  const targets = await deps.db
    .select({ id: notifications.id })
    .from(notifications)
    .leftJoin(notificationReads, readByMe(ctx))
    .where(
      and(
        mine(ctx),
        isNull(notificationReads.userId),
        input.all ? undefined : inArray(notifications.id, input.ids ?? []),
      ),
    );
  if (targets.length)
    await deps.db
      .insert(notificationReads)
      .values(targets.map((t) => ({ notificationId: t.id, userId: ctx.userId })))
      .onConflictDoNothing();
  return { marked: targets.length, unread: await unreadCount(deps, ctx) };
}

export async function preferencesOf(deps: Deps, ctx: RequestContext): Promise<NotificationPreferences> {
  const [row] = await deps.db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, ctx.userId));
  return {
    emailOff: (row?.emailOff ?? []).filter((k): k is NotificationKind =>
      (NOTIFICATION_KINDS as readonly string[]).includes(k),
    ),
  };
}

export async function savePreferences(
  deps: Deps,
  ctx: RequestContext,
  prefs: NotificationPreferences,
): Promise<NotificationPreferences> {
  const emailOff = [...new Set(prefs.emailOff)].sort();
  await deps.db
    .insert(notificationPreferences)
    .values({ userId: ctx.userId, tenantId: ctx.tenantId, emailOff })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { emailOff, updatedAt: sql`now()` } });
  return { emailOff };
}
