/**
 * Day and month fields that follow the app's language (issue 41), not the browser's as native
 * date inputs do: a German screen shows and takes "29.11.2026", an English one "11/29/2026", French
 * and Portuguese "29/11/2026"; an ISO day ("2026-11-29", what a pasted date usually is) is taken in
 * every language. A calendar (react-day-picker, keyboard-driven: arrows, Page Up/Down, Home/End,
 * Enter, Escape) opens from the button beside the field. The form sees 'YYYY-MM-DD' (MonthField:
 * 'YYYY-MM'), or '' while the text is empty or no date, as a native input's value.
 *
 * What is typed but no date (or outside min/max) is refused in place: the field is marked invalid
 * and tells why, and a form holding it does not submit (the input's custom validity).
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DayPicker, type Locale } from 'react-day-picker';
import { de } from 'react-day-picker/locale/de';
import { enUS } from 'react-day-picker/locale/en-US';
import { fr } from 'react-day-picker/locale/fr';
import { ptBR } from 'react-day-picker/locale/pt-BR';
import 'react-day-picker/style.css';
import {
  dayPartOrder,
  daySeparator,
  formatDay,
  formatMonth,
  formatMonthNumeric,
  intlLocale,
  parseDay,
  parseMonth,
  type DatePart,
} from '../../domain/format';
import './DateField.css';

const CALENDAR_LOCALES: Record<string, Locale> = { en: enUS, de, fr, pt: ptBR };
const calendarLocale = (language: string): Locale => CALENDAR_LOCALES[language.split('-')[0]] ?? enUS;

interface FieldProps {
  /** 'YYYY-MM-DD' (DateField) or 'YYYY-MM' (MonthField); '' for none. */
  value: string;
  onChange: (value: string) => void;
  name?: string;
  id?: string;
  min?: string;
  max?: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'data-testid'?: string;
}

/** Today's day, on this device's calendar. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
/** 'YYYY-MM-DD' as a local Date (the calendar works in local days) and back. */
const localDate = (day: string): Date =>
  new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const localDay = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The field's hint for its order: en MM/DD/YYYY · de TT.MM.JJJJ · fr JJ/MM/AAAA (letters from the locale). */
export function dayPlaceholder(language: string, letters: Record<DatePart, string>): string {
  const width: Record<DatePart, number> = { day: 2, month: 2, year: 4 };
  return dayPartOrder(language)
    .map((p) => letters[p].repeat(width[p]))
    .join(daySeparator(language));
}

interface TextDateOptions {
  value: string;
  onChange: (value: string) => void;
  language: string;
  show: (value: string) => string;
  parse: (text: string, final: boolean) => string | null;
  /** Why a value is refused ('' when it is fine). */
  refusal: (text: string, parsed: string | null) => string;
}

/**
 * The text a person types, kept apart from the value the form holds: the value is sent whenever
 * the text reads as a date (or '' when it does not), and the text is rewritten in the language's
 * form when the field is left. A new value from the form (or a new language) rewrites the text.
 */
function useTextDate({ value, onChange, language, show, parse, refusal }: TextDateOptions) {
  const [text, setText] = useState(() => (value ? show(value) : ''));
  const sent = useRef(value);
  const shownIn = useRef(language);
  useEffect(() => {
    if (value !== sent.current) {
      // A value from the form (a reset, a preset): the text shows it.
      sent.current = value;
      shownIn.current = language;
      setText(value ? show(value) : '');
    } else if (language !== shownIn.current) {
      // A new language: a date is rewritten in it; what does not read as one stays as typed.
      shownIn.current = language;
      if (value) setText(show(value));
    }
  }, [value, language, show]);

  const send = useCallback(
    (next: string) => {
      if (next !== sent.current) {
        sent.current = next;
        onChange(next);
      }
    },
    [onChange],
  );
  const type = (next: string) => {
    setText(next);
    send(next.trim() === '' ? '' : (parse(next, false) ?? ''));
  };
  const settle = () => {
    const parsed = parse(text, true);
    if (parsed) {
      setText(show(parsed));
      send(parsed);
    }
  };
  const pick = (next: string) => {
    setText(next ? show(next) : '');
    send(next);
  };
  const parsed = text.trim() === '' ? null : parse(text, true);
  const message = text.trim() === '' ? '' : refusal(text, parsed);
  return { text, type, settle, pick, parsed, message };
}

interface ShellProps {
  input: ReactNode;
  open: boolean;
  setOpen: (open: boolean) => void;
  buttonLabel: string;
  disabled?: boolean;
  message: string;
  messageId: string;
  className?: string;
  children: ReactNode;
}

/** The input, its calendar button and the popup; closes on Escape, outside clicks and focus leaving. */
function FieldShell({
  input,
  open,
  setOpen,
  buttonLabel,
  disabled,
  message,
  messageId,
  className,
  children,
}: ShellProps) {
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open, setOpen]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  };
  return (
    <span
      ref={root}
      className={`date-field${className ? ` ${className}` : ''}`}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (open && root.current && !root.current.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <span className="date-field-row">
        {input}
        <button
          ref={button}
          type="button"
          className="btn date-field-button"
          aria-label={buttonLabel}
          title={buttonLabel}
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={disabled}
          onClick={() => setOpen(!open)}
        >
          <svg
            aria-hidden="true"
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M3 10h18M8 3v4M16 3v4" />
          </svg>
        </button>
      </span>
      {message && (
        <span id={messageId} className="date-field-message" role="alert">
          {message}
        </span>
      )}
      {open && (
        <span className="date-field-popup" role="dialog" aria-label={buttonLabel}>
          {children}
        </span>
      )}
    </span>
  );
}

/** Sets the input's custom validity, so a form holding a refused date does not submit. */
function useValidity(message: string) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.setCustomValidity(message), [message]);
  return input;
}

/** A day field ('YYYY-MM-DD') in the app's language, with a calendar. */
export function DateField(props: FieldProps) {
  const { value, onChange, min, max, name, id, required, disabled, autoFocus, className } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.language || 'en';
  const [open, setOpen] = useState(false);
  const messageId = useId();
  const show = useCallback((v: string) => formatDay(language, v), [language]);
  const parse = useCallback(
    (text: string, final: boolean) => parseDay(language, text, { shortYear: final }),
    [language],
  );
  const refusal = useCallback(
    (_text: string, parsed: string | null) =>
      parsed === null
        ? t('dateField.invalid', { example: formatDay(language, today()) })
        : min && parsed < min
          ? t('dateField.tooEarly', { min: formatDay(language, min) })
          : max && parsed > max
            ? t('dateField.tooLate', { max: formatDay(language, max) })
            : '',
    [language, min, max, t],
  );
  const field = useTextDate({ value, onChange, language, show, parse, refusal });
  const input = useValidity(field.message);
  const letters = t('dateField.letters', { returnObjects: true }) as Record<DatePart, string>;
  const placeholder = dayPlaceholder(language, letters);
  const selected = value ? localDate(value) : undefined;
  const thisYear = new Date().getFullYear();
  const describedBy =
    [props['aria-describedby'], field.message ? messageId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <FieldShell
      open={open}
      setOpen={setOpen}
      buttonLabel={t('dateField.choose')}
      disabled={disabled}
      message={field.message}
      messageId={messageId}
      className={className}
      input={
        <input
          ref={input}
          type="text"
          inputMode="text"
          autoComplete="off"
          className="date-field-input"
          name={name}
          id={id}
          value={field.text}
          placeholder={placeholder}
          required={required}
          disabled={disabled}
          autoFocus={autoFocus}
          aria-label={props['aria-label']}
          aria-invalid={field.message ? true : undefined}
          aria-describedby={describedBy}
          data-testid={props['data-testid']}
          data-value={value}
          onChange={(e) => field.type(e.target.value)}
          onBlur={field.settle}
          onKeyDown={(e) => {
            if (e.key === 'Enter') field.settle();
            if (e.key === 'ArrowDown' && e.altKey) {
              e.preventDefault();
              setOpen(true);
            }
          }}
        />
      }
    >
      <DayPicker
        mode="single"
        locale={calendarLocale(language)}
        selected={selected}
        defaultMonth={
          selected ?? (max && today() > max ? localDate(max) : min && today() < min ? localDate(min) : undefined)
        }
        onSelect={(d) => {
          if (!d) return;
          field.pick(localDay(d));
          setOpen(false);
          input.current?.focus();
        }}
        disabled={[...(min ? [{ before: localDate(min) }] : []), ...(max ? [{ after: localDate(max) }] : [])]}
        captionLayout="dropdown"
        startMonth={min ? localDate(min) : new Date(thisYear - 10, 0)}
        endMonth={max ? localDate(max) : new Date(thisYear + 10, 11)}
        autoFocus
      />
    </FieldShell>
  );
}

/** A month field ('YYYY-MM') in the app's language, with a year of months to pick from. */
export function MonthField(props: FieldProps) {
  const { value, onChange, min, max, name, id, required, disabled, autoFocus, className } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.language || 'en';
  const [open, setOpen] = useState(false);
  const messageId = useId();
  const show = useCallback((v: string) => formatMonthNumeric(language, v), [language]);
  const parse = useCallback((text: string) => parseMonth(language, text), [language]);
  const refusal = useCallback(
    (_text: string, parsed: string | null) =>
      parsed === null
        ? t('dateField.invalidMonth', { example: formatMonthNumeric(language, today().slice(0, 7)) })
        : min && parsed < min
          ? t('dateField.tooEarly', { min: formatMonth(language, min) })
          : max && parsed > max
            ? t('dateField.tooLate', { max: formatMonth(language, max) })
            : '',
    [language, min, max, t],
  );
  const field = useTextDate({ value, onChange, language, show, parse, refusal });
  const input = useValidity(field.message);
  const letters = t('dateField.letters', { returnObjects: true }) as Record<DatePart, string>;
  const placeholder = `${letters.month.repeat(2)}${daySeparator(language)}${letters.year.repeat(4)}`;
  const describedBy =
    [props['aria-describedby'], field.message ? messageId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <FieldShell
      open={open}
      setOpen={setOpen}
      buttonLabel={t('dateField.chooseMonth')}
      disabled={disabled}
      message={field.message}
      messageId={messageId}
      className={className}
      input={
        <input
          ref={input}
          type="text"
          autoComplete="off"
          className="date-field-input date-field-month"
          name={name}
          id={id}
          value={field.text}
          placeholder={placeholder}
          required={required}
          disabled={disabled}
          autoFocus={autoFocus}
          aria-label={props['aria-label']}
          aria-invalid={field.message ? true : undefined}
          aria-describedby={describedBy}
          data-testid={props['data-testid']}
          data-value={value}
          onChange={(e) => field.type(e.target.value)}
          onBlur={field.settle}
          onKeyDown={(e) => {
            if (e.key === 'Enter') field.settle();
            if (e.key === 'ArrowDown' && e.altKey) {
              e.preventDefault();
              setOpen(true);
            }
          }}
        />
      }
    >
      <MonthGrid
        language={language}
        value={value}
        min={min}
        max={max}
        onPick={(m) => {
          field.pick(m);
          setOpen(false);
          input.current?.focus();
        }}
      />
    </FieldShell>
  );
}

/**
 * A year's twelve months as buttons, the year changed with the arrows beside it; arrow keys move
 * between the months (a row holds three), Page Up/Down change the year.
 */
function MonthGrid({
  language,
  value,
  min,
  max,
  onPick,
}: {
  language: string;
  value: string;
  min?: string;
  max?: string;
  onPick: (month: string) => void;
}) {
  const { t } = useTranslation();
  const now = today().slice(0, 7);
  const start = value || (max && now > max ? max : min && now < min ? min : now);
  const [year, setYear] = useState(Number(start.slice(0, 4)));
  const [focused, setFocused] = useState(Number(start.slice(5, 7)) - 1);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // The month takes the focus when the grid opens and after a keyboard move, not after a click.
  const moved = useRef(true);
  useEffect(() => {
    if (moved.current) buttons.current[focused]?.focus();
    moved.current = false;
  }, [focused, year]);
  const names = useMemo(
    () =>
      Array.from({ length: 12 }, (_, i) =>
        new Intl.DateTimeFormat(intlLocale(language), { month: 'short', timeZone: 'UTC' }).format(
          new Date(Date.UTC(2026, i, 1)),
        ),
      ),
    [language],
  );
  const key = (m: number, y = year) => `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}`;
  const outside = (m: string) => (!!min && m < min.slice(0, 7)) || (!!max && m > max.slice(0, 7));
  const move = (e: KeyboardEvent) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -3, ArrowDown: 3, PageUp: -12, PageDown: 12 }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = year * 12 + focused + step;
    moved.current = true;
    setYear(Math.floor(next / 12));
    setFocused(((next % 12) + 12) % 12);
  };
  return (
    <span className="month-grid">
      <span className="month-grid-nav">
        <button
          type="button"
          className="btn"
          aria-label={t('dateField.previousYear')}
          disabled={!!min && year <= Number(min.slice(0, 4))}
          onClick={() => setYear(year - 1)}
        >
          ‹
        </button>
        <strong aria-live="polite">{year}</strong>
        <button
          type="button"
          className="btn"
          aria-label={t('dateField.nextYear')}
          disabled={!!max && year >= Number(max.slice(0, 4))}
          onClick={() => setYear(year + 1)}
        >
          ›
        </button>
      </span>
      <span className="month-grid-months" role="group" aria-label={String(year)} onKeyDown={move}>
        {names.map((label, i) => {
          const m = key(i);
          return (
            <button
              key={m}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              className={`btn${m === value ? ' selected' : ''}`}
              aria-pressed={m === value}
              aria-label={formatMonth(language, m)}
              tabIndex={i === focused ? 0 : -1}
              disabled={outside(m)}
              onFocus={() => setFocused(i)}
              onClick={() => onPick(m)}
            >
              {label}
            </button>
          );
        })}
      </span>
    </span>
  );
}
