/** A plan's name as Amazon takes it (1–40 characters), worded in the user's language. */
import { MAX_PLAN_NAME } from '../../../domain/schemas/fba';
import type { Translate } from './lines';

export function checkPlanName(
  raw: string,
  t: Translate,
): { name: string; error: null } | { name: null; error: string } {
  const name = raw.trim();
  if (!name) return { name: null, error: t('fba.nameRequired') };
  if (name.length > MAX_PLAN_NAME) return { name: null, error: t('fba.nameTooLong', { max: MAX_PLAN_NAME }) };
  return { name, error: null };
}
