/**
 * A journal entry's sentence in the reader's words: the server writes moments into its sentences
 * as ISO 8601 timestamps (one form, whoever reads it later); the screen shows each in the reader's
 * language and time zone. Bare days (a plan named after its day) are left as written.
 */
import { formatDateTime } from '../../../domain/format';

/** 2025-03-01T14:05:00.000Z, 2025-03-01T14:05Z, 2025-03-01T14:05:00+01:00 … */
const MOMENT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?(?![\d:.])/g;

export function localiseMoments(message: string, language: string, timeZone?: string): string {
  return message.replace(MOMENT, (iso: string) => {
    const at = new Date(iso);
    if (Number.isNaN(at.getTime())) return iso;
    return formatDateTime(language, at, { timeZone });
  });
}
