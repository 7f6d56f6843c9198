/** A charge code in the reader's language (problem codes by their problem type); one set of names, charges.codes. */
import { useTranslation } from 'react-i18next';
import { ALL_CHARGE_CODES, chargeCodeDef, type ChargeCategory } from '../../../domain/billing/charge-codes';
import type { TFunction } from 'i18next';

/** A charge code as people read it: its name (problem codes: the problem type), else the code. */
export function chargeCodeName(t: TFunction, code: string): string {
  const problem = /^PROBLEM_(.+?)(_IND)?$/.exec(code);
  if (problem && chargeCodeDef(code)?.category === 'problems' && code !== 'PROBLEM_UNITS') {
    const type = t(`problems.types.${problem[1].toLowerCase()}`);
    return t(problem[2] ? 'charges.problemCodeIndividual' : 'charges.problemCode', { type });
  }
  return t(`charges.codes.${code}`, { defaultValue: code });
}

export function useChargeCodeName() {
  const { t } = useTranslation();
  return (code: string): string => chargeCodeName(t, code);
}

/** Every code billing knows, by category (for pickers). */
export function codesByCategory(): [ChargeCategory, string[]][] {
  const groups = new Map<ChargeCategory, string[]>();
  for (const code of ALL_CHARGE_CODES) {
    const cat = chargeCodeDef(code)!.category;
    groups.set(cat, [...(groups.get(cat) ?? []), code]);
  }
  return [...groups.entries()];
}
