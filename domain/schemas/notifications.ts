/**
 * In-app notifications (spec /apps/account/notifications): what the warehouse told a company, for
 * each of its users to read, and which kinds a user also wants by e-mail.
 */
import { z } from 'zod';
import { pageSchema } from '../paging.js';

export const NOTIFICATION_KINDS = [
  'fba.shipped',
  'fba.checked_in',
  'fba.closed',
  'wfs.shipped',
  'invoice.issued',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  subject: z.string(),
  body: z.string(),
  /** The screen it is about, inside the app. */
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = pageSchema(notificationSchema).extend({ unread: z.number().int() });
export const unreadCountSchema = z.object({ unread: z.number().int() });

export const notificationsQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  unread: z.enum(['true', 'false'], { error: 'unread: true or false' }).optional(),
});

/** Some notifications read (`ids`), or all of them (`all`). */
export const markReadInputSchema = z
  .object({
    ids: z.array(z.number().int().positive(), { error: 'ids: a list of notification ids' }).max(500).optional(),
    all: z.literal(true, { error: 'all: true, or give ids' }).optional(),
  })
  .refine((v) => (v.ids?.length ?? 0) > 0 || v.all, {
    message: 'Give the ids of the notifications read, or all: true',
  });
export const markReadResultSchema = z.object({ marked: z.number().int(), unread: z.number().int() });

export const notificationPreferencesSchema = z.object({
  /** The kinds not wanted by e-mail; they still come in the app. */
  emailOff: z.array(z.enum(NOTIFICATION_KINDS, { error: `emailOff: kinds among ${NOTIFICATION_KINDS.join(', ')}` })),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
