/** A charge code in the reader's language (problem codes by their problem type). */
import { useTranslation } from 'react-i18next';
import { ALL_CHARGE_CODES, chargeCodeDef, type ChargeCategory } from '../../../domain/billing/charge-codes';

export function useChargeCodeName() {
  const { t } = useTranslation();
  return (code: string): string => {
    const problem = /^PROBLEM_(.+?)(_IND)?$/.exec(code);
    if (problem && code !== 'PROBLEM_UNITS') {
      const type = t(`problems.types.${problem[1].toLowerCase()}`);
      return problem[2] ? t('charges.problemCodeIndividual', { type }) : t('charges.problemCode', { type });
    }
    return t(`charges.codes.${code}`, { defaultValue: code.replace(/_/g, ' ') });
  };
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
