/**
 * The screens' formatting (issue 41): domain/format.ts's functions bound to the app's language, so
 * a screen writes `f.money(cents)` or `f.day(row.day)` and the text follows the language chosen in
 * the app (never the browser's). Outside React (column builders, word helpers) call the domain
 * functions with the language.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as format from '../../domain/format';

export type Formatter = ReturnType<typeof formatterFor>;

/** Every formatting function with the language filled in. */
export function formatterFor(language: string) {
  return {
    language,
    locale: format.intlLocale(language),
    number: (value: number | string | null | undefined, options?: format.NumberOptions) =>
      format.formatNumber(language, value, options),
    money: (cents: number | null | undefined, currency?: string | null) =>
      format.formatMoney(language, cents, currency),
    price: (amount: number | string | null | undefined, currency?: string | null) =>
      format.formatPrice(language, amount, currency),
    percent: (value: number | string | null | undefined, options?: format.NumberOptions & { points?: boolean }) =>
      format.formatPercent(language, value, options),
    unit: (value: number | string | null | undefined, unit: string, maxDecimals?: number) =>
      format.formatUnit(language, value, unit, maxDecimals),
    day: (day: string | null | undefined) => format.formatDay(language, day),
    dayShort: (day: string | null | undefined) => format.formatDayShort(language, day),
    month: (month: string | null | undefined) => format.formatMonth(language, month),
    date: (value: string | number | Date | null | undefined, options?: format.InstantOptions) =>
      format.formatDate(language, value, options),
    time: (value: string | number | Date | null | undefined, options?: format.InstantOptions) =>
      format.formatTime(language, value, options),
    dateTime: (value: string | number | Date | null | undefined, options?: format.InstantOptions) =>
      format.formatDateTime(language, value, options),
    relative: (value: string | number | Date | null | undefined, now?: number) =>
      format.formatRelative(language, value, now),
  };
}

/** The formatter for the app's current language; re-renders when the language changes. */
export function useFormat(): Formatter {
  const { i18n } = useTranslation();
  const language = i18n.language || 'en';
  return useMemo(() => formatterFor(language), [language]);
}
