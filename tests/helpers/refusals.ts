/**
 * Validation refusals as the tests compare them: "field.path: rule" — the envelope's field (the
 * request's own path) and the words after the form's label, so a test names the field it sent
 * whatever label the form gives it (issue 41).
 */
interface Refusal {
  message: string;
  code?: string;
  field?: string;
}

export function fieldRule(e: Refusal): string {
  if (!e.field) return e.message;
  if (e.code === 'validation.required') return `${e.field}: required`;
  const at = e.message.indexOf(': ');
  return `${e.field}: ${at >= 0 ? e.message.slice(at + 2) : e.message}`;
}

export const fieldRules = (res: { meta: { error_list: Refusal[] } }): string[] => res.meta.error_list.map(fieldRule);
