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
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
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
  formatClock,
  formatDay,
  formatMonth,
  formatMonthNumeric,
  intlLocale,
  parseDay,
  parseMonth,
  parseTime,
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
  /** Marked invalid from outside too (a refusal from the server beside the field). */
  'aria-invalid'?: boolean;
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

/** Where the popup goes: below the field, or above it when the screen has no room below. */
function placeBelowOrAbove(anchor: DOMRect, popup: { width: number; height: number }) {
  const margin = 8;
  const below = anchor.bottom + 4;
  const fitsBelow = below + popup.height <= window.innerHeight - margin || anchor.top < popup.height + margin;
  const top = fitsBelow ? below : anchor.top - 4 - popup.height;
  const left = Math.max(margin, Math.min(anchor.left, window.innerWidth - popup.width - margin));
  return { top: Math.max(margin, top), left };
}

/**
 * The input, its calendar button and the popup. The popup is drawn over the page (a portal with a
 * fixed place, so a table's scrolling box or a dialog's does not cut it) and closes on Escape, a
 * click elsewhere and the focus leaving the field and the popup.
 */
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
  const row = useRef<HTMLSpanElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const inside = (node: Node | null) => !!node && (!!root.current?.contains(node) || !!popup.current?.contains(node));

  useLayoutEffect(() => {
    if (!open) return setPlace(null);
    const update = () => {
      if (!row.current || !popup.current) return;
      const r = popup.current.getBoundingClientRect();
      setPlace(placeBelowOrAbove(row.current.getBoundingClientRect(), { width: r.width, height: r.height }));
    };
    update();
    const away = (e: PointerEvent) => {
      if (!inside(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      document.removeEventListener('pointerdown', away);
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [open, setOpen]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  };
  const onBlur = (e: FocusEvent) => {
    if (open && !inside(e.relatedTarget as Node | null)) setOpen(false);
  };
  return (
    <span ref={root} className={`date-field${className ? ` ${className}` : ''}`} onKeyDown={onKeyDown} onBlur={onBlur}>
      <span className="date-field-row" ref={row}>
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
      {open &&
        createPortal(
          <div
            ref={popup}
            className="date-field-popup"
            role="dialog"
            aria-label={buttonLabel}
            // Placed before the screen is painted (a layout effect); the calendar's day can take the focus.
            style={place ?? { top: 0, left: 0 }}
          >
            {children}
          </div>,
          root.current?.closest('dialog') ?? document.body,
        )}
    </span>
  );
}

/** The letters of the field's hint (D M Y in English, T M J in German). */
function useLetters(): Record<DatePart, string> {
  const { t } = useTranslation();
  const letters: unknown = t('dateField.letters', { returnObjects: true });
  return typeof letters === 'object' && letters !== null && 'day' in letters
    ? (letters as Record<DatePart, string>)
    : { day: 'D', month: 'M', year: 'Y' };
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
  const letters = useLetters();
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
          aria-invalid={field.message || props['aria-invalid'] ? true : undefined}
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
  const letters = useLetters();
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
          aria-invalid={field.message || props['aria-invalid'] ? true : undefined}
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

/**
 * A day and a time of day ('YYYY-MM-DDTHH:mm', a datetime-local input's value) in the app's
 * language: the day as DateField takes it, the time as the language writes it (7:28 PM, 19:28;
 * 24 hours or am/pm typed in any). An empty day empties the value; a day without a time is midnight.
 */
export function DateTimeField(props: FieldProps & { timeLabel?: string }) {
  const { value, onChange, name, id, disabled, className } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.language || 'en';
  const day = value.slice(0, 10);
  const time = value.length > 11 ? value.slice(11, 16) : '';
  const [timeText, setTimeText] = useState(() => formatClock(language, time));
  const sentTime = useRef(time);
  const shownIn = useRef(language);
  useEffect(() => {
    // The text follows a time set from outside or a new language, not the typing.
    if (time !== sentTime.current) {
      sentTime.current = time;
      setTimeText(formatClock(language, time));
    } else if (language !== shownIn.current) {
      const typed = parseTime(timeText);
      if (typed) setTimeText(formatClock(language, typed));
    }
    shownIn.current = language;
  }, [time, language]);
  const timeOk = timeText.trim() === '' || parseTime(timeText) !== null;
  const timeRef = useValidity(timeOk ? '' : t('dateField.invalidTime', { example: formatClock(language, '19:30') }));
  const emit = (nextDay: string, nextTime: string) => {
    sentTime.current = nextTime;
    onChange(nextDay ? `${nextDay}T${nextTime || '00:00'}` : '');
  };
  return (
    <span className={`date-time-field${className ? ` ${className}` : ''}`}>
      <DateField
        value={day}
        onChange={(d) => emit(d, parseTime(timeText) ?? time)}
        name={name}
        id={id}
        disabled={disabled}
        aria-label={props['aria-label']}
        data-testid={props['data-testid']}
      />
      <input
        ref={timeRef}
        type="text"
        autoComplete="off"
        className="time-field-input"
        name={name ? `${name}Time` : undefined}
        aria-label={props.timeLabel ?? t('dateField.time')}
        placeholder={formatClock(language, '19:30')}
        value={timeText}
        disabled={disabled}
        aria-invalid={timeOk ? undefined : true}
        onChange={(e) => {
          setTimeText(e.target.value);
          const parsed = e.target.value.trim() === '' ? '' : parseTime(e.target.value);
          if (parsed !== null && day) emit(day, parsed);
        }}
        onBlur={() => {
          const parsed = parseTime(timeText);
          if (parsed) setTimeText(formatClock(language, parsed));
        }}
      />
    </span>
  );
}
