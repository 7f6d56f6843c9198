/**
 * An invoice in its client's language (issue 39, defect 2): the PDF and the e-mail are written
 * with the screens' locale strings (invoices.*, charges.codes, invoicePdf.*, mail.invoice.*) and
 * the language's own number, money and date formats (Intl), never a second English table.
 *
 * The client's language: a client company has no language of its own, its people do. The
 * invoice speaks the language of the company's user whose e-mail the invoice goes to, else of the
 * company's oldest active user who chose one, else the warehouse's DEFAULT_LOCALE, else English.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { chargeCodeDef } from '../../../domain/billing/charge-codes.js';
import { formatDay, formatMoney, formatNumber, formatPrice } from '../../../domain/format.js';
import type { InvoiceDetail, InvoiceLine } from '../../../domain/schemas/invoices.js';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { translator, type Language } from '../../i18n.js';
import { mailLanguage } from '../../mail.js';
import { codeLabel } from './service.js';

export async function clientLanguage(
  db: DbOrTx,
  tenantId: number,
  companyId: number,
  email: string | null,
): Promise<Language> {
  const people = await db
    .select({ email: users.email, langKey: users.langKey })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.companyId, companyId),
        eq(users.status, 'active'),
        isNotNull(users.langKey),
      ),
    )
    .orderBy(asc(users.id));
  const address = email?.trim().toLowerCase();
  const chosen = people.find((p) => address && p.email?.toLowerCase() === address) ?? people[0];
  return mailLanguage(db, tenantId, chosen?.langKey);
}

/** A charge code as the charges screen names it (problem codes by their problem type). */
export function chargeCodeName(t: TFunction, code: string): string {
  const problem = /^PROBLEM_(.+?)(_IND)?$/.exec(code);
  if (problem && chargeCodeDef(code)?.category === 'problems' && code !== 'PROBLEM_UNITS') {
    const type = t(`problems.types.${problem[1].toLowerCase()}`, { defaultValue: problem[1].toLowerCase() });
    return t(problem[2] ? 'charges.problemCodeIndividual' : 'charges.problemCode', { type });
  }
  return t(`charges.codes.${code}`, { defaultValue: codeLabel(code) });
}

/**
 * A line's description in the reader's language: the code's name, unless the line carries its
 * own words (a manual charge, a material's name), which are the warehouse's and stay as written.
 */
export const lineDescription = (t: TFunction, line: Pick<InvoiceLine, 'code' | 'description'>): string =>
  line.description === codeLabel(line.code) || !line.description ? chargeCodeName(t, line.code) : line.description;

/** The invoice's descriptions in a language (the screens read them in the reader's language). */
export function localiseLines<T extends Pick<InvoiceDetail, 'categories'>>(inv: T, language: Language): T {
  const t = translator(language);
  return {
    ...inv,
    categories: inv.categories.map((c) => ({
      ...c,
      lines: c.lines.map((l) => ({ ...l, description: lineDescription(t, l) })),
    })),
  };
}

export interface InvoiceFormats {
  language: Language;
  t: TFunction;
  /** Cents in the invoice's currency: "1.234,50 $" (de), "$1,234.50" (en). */
  money(cents: number): string;
  /** A unit price (decimal text, major unit) as money, keeping up to 6 decimals. */
  price(decimal: string): string;
  /** A quantity (decimal text). */
  number(decimal: string | number): string;
  /** A day (YYYY-MM-DD, or an ISO time: its UTC day) as the language writes it: 29.11.2026, 11/29/2026. */
  day(iso: string): string;
}

/** The screens' formats (domain/format.ts), so the document reads as the invoice screen does. */
export function invoiceFormats(language: Language, currency: string): InvoiceFormats {
  return {
    language,
    t: translator(language),
    money: (cents) => formatMoney(language, cents, currency),
    price: (decimal) => formatPrice(language, decimal, currency),
    number: (decimal) => formatNumber(language, decimal, { maxDecimals: 6 }),
    day: (iso) => formatDay(language, iso.slice(0, 10)),
  };
}
