/** What Amazon would refuse of a box as measured, in words (judgeBox's verdict, translated). */
import { useTranslation } from 'react-i18next';
import type { BoxProblem } from './close-check';

export function BoxProblems({ problems }: { problems: BoxProblem[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <ul className="form-error bench-problems" role="alert" data-testid="bench-box-problems">
      {problems.map((p, i) => {
        const { key, ...values } = p;
        return <li key={i}>{t(`bench.problems.${key}`, values)}</li>;
      })}
    </ul>
  );
}
