/**
 * Outgoing mail: every message is written to the mail log (so tests and admins can read it) and,
 * when SMTP_URL is set, sent through SMTP; a failed send is recorded on the log row, never thrown
 * at the user whose request caused it.
 */
import nodemailer from 'nodemailer';
import type { Db } from './db/client.js';
import { mailLog } from './db/schema/index.js';
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
