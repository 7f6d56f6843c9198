/**
 * Outgoing mail: every message is written to the mail log (so tests and admins can read it) and,
 * when SMTP_URL is set, sent through SMTP; a failed send is recorded on the log row, never thrown
 * at the user whose request caused it. Messages are written in the recipient's language
 * (`mailLanguage`) from the `mail` namespace of the screens' locale files.
 */
import nodemailer from 'nodemailer';
import type { TFunction } from 'i18next';
import type { Db, DbOrTx } from './db/client.js';
import { mailLog } from './db/schema/index.js';
import { readTenantSetting } from './db/tenant-settings.js';
import { isLanguage, translator, type Language } from './i18n.js';
import { eq } from 'drizzle-orm';

export interface MailMessage {
  tenantId: number | null;
  to: string;
  subject: string;
  body: string;
  template: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(db: Db, smtpUrl: string | undefined, from: string): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(m) {
      const [row] = await db
        .insert(mailLog)
        .values({ tenantId: m.tenantId, toAddress: m.to, subject: m.subject, body: m.body, template: m.template })
        .returning({ id: mailLog.id });
      if (!transport) return;
      try {
        await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.body });
        await db
          .update(mailLog)
          .set({ status: 'sent', updatedAt: new Date().toISOString() })
          .where(eq(mailLog.id, row.id));
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await db.update(mailLog).set({ status: 'failed', error }).where(eq(mailLog.id, row.id));
      }
    },
  };
}

/**
 * The language a message to a person is written in: the one they chose (saved on the user), else
 * the language of the screen that asked for the message (a reset asked for on a German login
 * page), else the tenant's DEFAULT_LOCALE, else English.
 */
export async function mailLanguage(
  db: DbOrTx,
  tenantId: number | null,
  chosen: string | null | undefined,
  screen?: Language,
): Promise<Language> {
  if (isLanguage(chosen)) return chosen;
  if (screen) return screen;
  if (tenantId === null) return 'en';
  const tenantDefault = await readTenantSetting(db, tenantId, 'DEFAULT_LOCALE');
  return isLanguage(tenantDefault) ? tenantDefault : 'en';
}

/** A `t` for a message: its lines joined as a plain-text body. */
export function mailWriter(language: Language): { t: TFunction; body: (...lines: string[]) => string } {
  return { t: translator(language), body: (...lines) => lines.join('\n') };
}
