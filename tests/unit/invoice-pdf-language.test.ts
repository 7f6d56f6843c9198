/**
 * The invoice PDF in each of the four languages (issue 39, defect 2): the locale's words for every
 * part (lines by their code's name, storage, label funds, totals, void), the language's money and
 * date formats, no English phrase outside English, and text outside WinAnsi drawn safely.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '../../domain/schemas/invoices.js';
import { invoicePdf, safe } from '../../server/modules/invoices/pdf.js';
import { codeLabel } from '../../server/modules/invoices/service.js';
import { de } from '../../src/locales/de.js';
import { en } from '../../src/locales/en.js';
import { fr } from '../../src/locales/fr.js';
import { pt } from '../../src/locales/pt.js';
import { englishPhrases, pdfText } from '../helpers/pdf-text.js';

const line = (position: number, code: string, quantity: string, unitPrice: string, amountCents: number) => ({
  position,
  category: 'receiving' as const,
  code,
  description: codeLabel(code),
  unit: 'unit' as const,
  quantity,
  unitPrice,
  amountCents,
  chargeCount: 1,
});

const invoice = (over: Partial<InvoiceDetail> = {}): InvoiceDetail => ({
  id: 7,
  number: 'INV-000007',
  companyId: 3,
  companyName: 'Crème Brûlée Ltda — São Paulo',
  accountNo: 'C1003',
  periodStart: '2026-09-01',
  periodEnd: '2026-09-30',
  status: 'issued',
  currency: 'EUR',
  subtotalCents: 123_456,
  taxName: 'Tax',
  taxPercent: '8.25',
  taxCents: 10_185,
  totalCents: 133_641,
  paidCents: 0,
  balanceCents: 133_641,
  issuedAt: '2026-10-01T08:00:00.000Z',
  dueOn: '2026-10-16',
  overdue: false,
  emailedAt: null,
  voidedAt: null,
  voidReason: null,
  categories: [
    {
      category: 'receiving',
      amountCents: 123_456,
      lines: [
        line(1, 'UNIT_RECEIVED', '1200', '0.3', 36_000),
        line(2, 'ITEM_SORT', '12.5', '0.125', 156),
        { ...line(3, 'MANUAL', '1', '873', 87_300), description: 'Sonderprüfung Größe XL' },
      ],
    },
  ],
  storage: { unit: 'cubicMetreDay', quantity: '910.5', days: 30, averagePerDay: '30.35', amountCents: 0 },
  chargeCount: 3,
  payments: [],
  funds: {
    openingCents: 0,
    topUpsCents: 5000,
    labelCount: 2,
    labelsCents: 1200,
    givenBackCents: 0,
    closingCents: 3800,
  },
  from: { name: 'Dockside Prep', lines: ['1 Quay Street', 'Hamburg'], email: 'billing@dockside.example' },
  to: { name: 'Crème Brûlée Ltda — São Paulo', lines: ['Rua Augusta 1'], email: null },
  ...over,
});

const LOCALES = { en, de, fr, pt } as const;

describe('the invoice PDF in four languages', () => {
  for (const [language, words] of Object.entries(LOCALES) as [keyof typeof LOCALES, typeof en][]) {
    it(`${language}: its words, its number and date formats`, async () => {
      const bytes = await invoicePdf(invoice(), language);
      const text = pdfText(bytes);
      const money = (cents: number) =>
        new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' })
          .format(cents / 100)
          .replace(/[\u2000-\u200a\u202f]/g, '\u00a0');
      const day = (iso: string) =>
        new Intl.DateTimeFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' })
          .format(new Date(`${iso}T00:00:00Z`))
          .replace(/[\u2000-\u200a\u202f]/g, '\u00a0');
      for (const expected of [
        words.invoices.print.heading,
        words.invoicePdf.number,
        words.invoices.print.billTo,
        words.invoices.line.unitPrice,
        words.charges.codes.UNIT_RECEIVED,
        words.charges.codes.ITEM_SORT,
        'Sonderprüfung Größe XL',
        words.invoices.funds.title,
        words.invoices.balance,
        money(133_641),
        money(36_000),
        day('2026-10-16'),
        'Crème Brûlée Ltda — São Paulo',
      ])
        expect(text, expected).toContain(expected);
      // Unit prices read as the amounts do, with their own decimals: 0,30 € / €0.30, 0,125 €.
      expect(text).toContain(
        new Intl.NumberFormat(language, {
          style: 'currency',
          currency: 'EUR',
          minimumFractionDigits: 2,
          maximumFractionDigits: 6,
        })
          .format(0.125)
          .replace(/[\u2000-\u200a\u202f]/g, '\u00a0'),
      );
      if (language !== 'en')
        for (const phrase of englishPhrases(en, words, ['invoices', 'invoicePdf', 'charges']))
          expect(text, `English in ${language}: "${phrase}"`).not.toContain(phrase);
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getTitle()).toBe(
        words.invoicePdf.title
          .replace('{{number}}', 'INV-000007')
          .replace('{{company}}', 'Crème Brûlée Ltda — São Paulo'),
      );
    });
  }

  it('a void invoice says so in the language; many lines go on to numbered pages', async () => {
    const many = Array.from({ length: 90 }, (_, i) => line(i + 1, 'BOX_PACKED', String(i + 1), '1.5', 150 * (i + 1)));
    const bytes = await invoicePdf(
      invoice({
        status: 'void',
        voidReason: 'Doppelt erstellt',
        categories: [
          { category: 'outbound', amountCents: 0, lines: many.map((l) => ({ ...l, category: 'outbound' })) },
        ],
      }),
      'de',
    );
    const text = pdfText(bytes);
    expect(text).toContain('STORNIERT: Doppelt erstellt');
    expect(text).toContain('(Fortsetzung)');
    expect(text).toMatch(/Seite 2 von [2-9]/);
  });

  it('draws what WinAnsi has, a base letter for what it lacks, and "?" for the rest, never throwing', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(safe(font, 'äöüß éèçà ãõ œ € „“ — …')).toBe('äöüß éèçà ãõ œ € „“ — …');
    expect(safe(font, 'Łódź Đakovo ő')).toBe('Lódz Dakovo o');
    expect(safe(font, '東京 😀 Ωmega')).toBe('?? ? ?mega');
    // Intl's narrow no-break space (fr thousands) becomes a no-break space.
    expect(safe(font, '1\u202f234,50\u00a0€')).toBe('1\u00a0234,50\u00a0€');
    expect(safe(font, 'two\nlines')).toBe('two lines');
    const bytes = await invoicePdf(
      invoice({ companyName: '東京 Trading 😀', to: { name: '東京 Trading 😀', lines: ['Ωmega 1'], email: null } }),
      'pt',
    );
    expect(pdfText(bytes)).toContain('?? Trading ?');
  });
});
