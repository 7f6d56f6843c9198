/** A listing's state at a glance: buyable or not, and how many errors and warnings Amazon raised. */
import { useTranslation } from 'react-i18next';
import type { ListingRow } from '../../../domain/schemas/listings';

export function ListingStatus({ row }: { row: Pick<ListingRow, 'status' | 'issues'> }) {
  const { t } = useTranslation();
  const errors = row.issues.filter((i) => i.severity === 'ERROR').length;
  const warnings = row.issues.length - errors;
  return (
    <>
      <span className={`pill ${row.status.includes('BUYABLE') ? 'ok' : 'muted'}`}>
        {row.status.includes('BUYABLE') ? t('listings.buyable') : t('listings.notBuyable')}
      </span>
      {errors > 0 && (
        <>
          {' '}
          <span className="pill danger">{t('listings.errors', { count: errors })}</span>
        </>
      )}
      {warnings > 0 && (
        <>
          {' '}
          <span className="pill warn">{t('listings.warnings', { count: warnings })}</span>
        </>
      )}
    </>
  );
}
