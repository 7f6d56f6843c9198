/**
 * Validation refusals in the reader's language (issue 41): one error map for the server and the
 * screens. A zod issue becomes a message code and its parameters (`validation.tooShort`, {min: 4}),
 * said with the field's label as the form shows it (`fields.password`) — never the internal path
 * ("firstUser.password") nor zod's English.
 *
 * - The server renders a request's issues after the fact (`issueText`) in the request's language.
 * - The screens install their translator once (`installScreenLanguage`): zod then writes each issue's
 *   message in the UI language as it parses, so a form that shows `issue.message` under its field
 *   reads "Pflichtfeld" or "mindestens 4 Zeichen".
 * - Where zod cannot say the rule by itself (a code's pattern), a schema names a hint
 *   (`hint('code40')`): English where no translator is installed (the server), whose words are
 *   recognised again when the issue is rendered.
 */
import { z } from 'zod';
import { HINTS, type HintKey } from './hints.js';

export type { HintKey };

export type WordParams = Record<string, string | number>;
/** A message code and its parameters: what a refusal says, in no language yet. */
export interface Words {
  key: string;
  params?: WordParams;
}
/** i18next's `t` (or any function like it): a key and its parameters to words. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

let screenTranslate: Translate | null = null;

const hintWords = (key: HintKey, params?: WordParams): string =>
  screenTranslate
    ? screenTranslate(`validation.hints.${key}`, params)
    : HINTS[key].replace(/{{(\w+)}}/g, (_, p: string) => String(params?.[p] ?? ''));

/**
 * A schema's message for a rule zod cannot name by itself: `.regex(re, hint('code40'))`,
 * `.refine(ok, hint('timezone'))`. In superRefine, `ctx.addIssue(hintIssue('stateRequired', …))`.
 */
export const hint = (key: HintKey, params?: WordParams) => ({
  error: () => hintWords(key, params),
  params: { hint: key, ...params },
});

/** A custom issue that says a hint (for superRefine). */
export const hintIssue = (key: HintKey, path: PropertyKey[], params?: WordParams) => ({
  code: 'custom' as const,
  path,
  message: hintWords(key, params),
  params: { hint: key, ...params },
});

/** A custom issue that says a field is required (for superRefine: "all of the address once any part is given"). */
export const requiredIssue = (field: string) => ({
  code: 'custom' as const,
  path: [field],
  message: screenTranslate ? screenTranslate('validation.required') : 'Required',
  params: { rule: 'required' },
});

/** The hint whose English words a message is (what the server's zod wrote), if any. */
function hintOf(message: string): HintKey | undefined {
  const bare = message.replace(/^[\w.]+:\s*/, '');
  return (Object.keys(HINTS) as HintKey[]).find((k) => HINTS[k] === message || HINTS[k] === bare);
}

const num = (v: number | bigint): number => Number(v);

/** The words of an issue's rule, from its code and parameters; null when only its message says it. */
export function issueWords(issue: Issue | RawIssue): Words | null {
  const input = (issue as { input?: unknown }).input;
  const hasInput = 'input' in issue;
  switch (issue.code) {
    case 'invalid_type': {
      // Zod says "…, received undefined" of a field left out (the server's issues carry no input).
      const missing = hasInput
        ? input === undefined || input === null
        : /received (undefined|null)$/.test(issue.message ?? '');
      if (missing) return { key: 'validation.required' };
      if (issue.expected === 'int') return { key: 'validation.wholeNumber' };
      if (issue.expected === 'number' || issue.expected === 'bigint' || issue.expected === 'nan')
        return { key: 'validation.number' };
      if (issue.expected === 'boolean') return { key: 'validation.yesNo' };
      if (issue.expected === 'string') return { key: 'validation.text' };
      if (issue.expected === 'date') return { key: 'validation.date' };
      return { key: 'validation.invalid' };
    }
    case 'too_small': {
      const min = num(issue.minimum);
      if (issue.origin === 'string') {
        if (min <= 1) return { key: 'validation.required' };
        return issue.exact
          ? { key: 'validation.exactLength', params: { length: min } }
          : { key: 'validation.tooShort', params: { min } };
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return min <= 1 ? { key: 'validation.noneChosen' } : { key: 'validation.fewItems', params: { min } };
      if (issue.origin === 'date') return { key: 'validation.invalid' };
      return issue.inclusive === false
        ? { key: 'validation.above', params: { min } }
        : { key: 'validation.min', params: { min } };
    }
    case 'too_big': {
      const max = num(issue.maximum);
      if (issue.origin === 'string')
        return issue.exact
          ? { key: 'validation.exactLength', params: { length: max } }
          : { key: 'validation.tooLong', params: { max } };
      if (issue.origin === 'array' || issue.origin === 'set') return { key: 'validation.manyItems', params: { max } };
      if (issue.origin === 'date' || issue.origin === 'file') return { key: 'validation.invalid' };
      return issue.inclusive === false
        ? { key: 'validation.below', params: { max } }
        : { key: 'validation.max', params: { max } };
    }
    case 'invalid_format': {
      const h = issue.message ? hintOf(issue.message) : undefined;
      if (h) return { key: `validation.hints.${h}` };
      if (issue.format === 'email') return { key: 'validation.email' };
      if (issue.format === 'url') return { key: 'validation.url' };
      if (issue.format === 'date' || issue.format === 'datetime' || issue.format === 'time')
        return { key: 'validation.date' };
      return { key: 'validation.pattern' };
    }
    case 'not_multiple_of':
      return { key: 'validation.multipleOf', params: { divisor: issue.divisor } };
    case 'invalid_value':
      return { key: 'validation.option' };
    case 'unrecognized_keys':
      return { key: 'validation.unknownFields', params: { keys: issue.keys.join(', ') } };
    case 'invalid_union': {
      // The first alternative's complaint ("a valid e-mail address", not "invalid input").
      const first = 'errors' in issue ? issue.errors?.[0]?.[0] : undefined;
      return first ? issueWords(first) : { key: 'validation.invalid' };
    }
    case 'custom': {
      const params = issue.params as (WordParams & { hint?: HintKey; rule?: string }) | undefined;
      if (params?.rule === 'required') return { key: 'validation.required' };
      if (params?.hint && params.hint in HINTS) {
        const { hint: key, ...rest } = params;
        return { key: `validation.hints.${key}`, params: rest };
      }
      const h = issue.message ? hintOf(issue.message) : undefined;
      return h ? { key: `validation.hints.${h}` } : null;
    }
    default:
      return null;
  }
}

/** The field an issue is about: its path's last name (`firstUser.password` → password). */
export const issueField = (path: readonly PropertyKey[]): string | undefined =>
  [...path].reverse().find((p): p is string => typeof p === 'string');

const humanise = (name: string) => {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A field's label as the forms show it (`fields.line1` → "Street and number"). */
export function fieldLabel(path: readonly PropertyKey[], t: Translate): string | undefined {
  const field = issueField(path);
  if (!field) return undefined;
  const label = t(`fields.${field}`, { defaultValue: '' }) || humanise(field);
  const index = [...path].reverse().find((p): p is number => typeof p === 'number');
  return index === undefined ? label : t('validation.row', { field: label, n: index + 1 });
}

const formatParams = (params: WordParams | undefined, language: string): WordParams | undefined =>
  params &&
  Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'number' ? new Intl.NumberFormat(language).format(v) : v]),
  );

/** The words of a message a field's name starts ("capacity: at least 1"), without the name. */
const withoutField = (message: string, field: string | undefined) =>
  field && message.startsWith(`${field}:`) ? message.slice(field.length + 1).trim() : message;

/** An issue's message alone, in the translator's language (what a form shows under its field). */
export function issueMessage(issue: Issue | RawIssue, t: Translate, language = 'en'): string {
  const words = issueWords(issue);
  // An English reader keeps a schema's own sentence ("carriers pick up on weekdays only"): it says
  // more than the generic rule. Other languages get the rule in their words until the schema names a hint.
  const own = language.startsWith('en') && !words?.key.startsWith('validation.hints.') ? ownMessage(issue) : undefined;
  if (own) return withoutField(own, issueField(issue.path ?? []));
  if (words) return t(words.key, formatParams(words.params, language));
  return withoutField(issue.message ?? '', issueField(issue.path ?? []));
}

/** Codes whose zod default can be told apart from a schema's own message (it does not depend on the input). */
const OWN_WORDS_CODES = new Set(['invalid_format', 'invalid_value', 'too_small', 'too_big', 'not_multiple_of']);
const zodEnglish = z.locales.en().localeError;

/** The message a schema wrote for this issue itself, if it is not zod's default English. */
function ownMessage(issue: Issue | RawIssue): string | undefined {
  if (!issue.message) return undefined;
  // zod's own "Invalid input: expected record, received string" names the input, which the
  // server's issues do not carry: told apart by its opening words.
  if (issue.code === 'invalid_type') return /^Invalid input\b/.test(issue.message) ? undefined : issue.message;
  if (!OWN_WORDS_CODES.has(issue.code ?? '')) return undefined;
  const fallback = zodEnglish?.(issue as RawIssue);
  const standard = typeof fallback === 'string' ? fallback : fallback?.message;
  return issue.message === standard ? undefined : issue.message;
}

/**
 * An issue as a refusal says it: the field's label and the rule, in the translator's language
 * ("Street and number is required", "Straße und Hausnummer: Pflichtfeld").
 */
export function issueText(issue: Issue, t: Translate, language = 'en'): string {
  const words = issueWords(issue);
  const label = fieldLabel(issue.path, t);
  if (!label) return issueMessage(issue, t, language);
  if (words?.key === 'validation.required') return t('validation.requiredField', { field: label });
  const own = language.startsWith('en') && !words?.key.startsWith('validation.hints.') ? ownMessage(issue) : undefined;
  let message = issueMessage(issue, t, language);
  if (own) return t('validation.fieldMessage', { field: label, message });
  // German nouns keep their capital; elsewhere a rule of the locale files goes on after the colon in
  // lower case (a schema's own sentence stays as written).
  if (words && !language.startsWith('de')) message = message.charAt(0).toLocaleLowerCase(language) + message.slice(1);
  return t('validation.fieldMessage', { field: label, message });
}

/** Every issue of an error as `issueText` says it, each once. */
export const issuesText = (error: z.ZodError, t: Translate, language = 'en'): string[] => [
  ...new Set(error.issues.map((i) => issueText(i, t, language))),
];

/** A stable code for an issue (the envelope's `code`). */
export const issueCode = (issue: Issue): string => issueWords(issue)?.key ?? `validation.${issue.code}`;

/**
 * The screens' side: zod writes every issue's message in the UI language as it parses (the
 * translator follows language changes), and hints are said in it too.
 */
export function installScreenLanguage(t: Translate, language: () => string): void {
  screenTranslate = t;
  z.config({
    customError: (iss) => {
      const words = issueWords(iss);
      return words ? t(words.key, formatParams(words.params, language())) : undefined;
    },
  });
}
