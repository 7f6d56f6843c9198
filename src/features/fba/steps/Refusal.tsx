/** What the server refused, one line each (a 412 names every box, SKU or shipment and what is wrong). */
import { useTranslation } from 'react-i18next';

export function Refusal({ lines, testId = 'fba-refusal' }: { lines: readonly string[]; testId?: string }) {
  const { t } = useTranslation();
  if (!lines.length) return null;
  return (
    <div className="form-error" role="alert" data-testid={testId}>
      <strong>{t('fba.refusedTitle', { count: lines.length })}</strong>
      <ul>
        {lines.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}
