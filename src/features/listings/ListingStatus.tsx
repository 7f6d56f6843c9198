/**
 * A listing's state at a glance: live or not (Amazon: buyable; Walmart: published), and how many
 * errors and warnings the marketplace raised.
 */
import { useTranslation } from 'react-i18next';
import type { ListingRow } from '../../../domain/schemas/listings';

export function ListingStatus({
  row,
  marketplace = 'amazon',
}: {
  row: Pick<ListingRow, 'status' | 'issues'>;
  marketplace?: 'amazon' | 'walmart';
}) {
  const { t } = useTranslation();
  const errors = row.issues.filter((i) => i.severity === 'ERROR').length;
  const warnings = row.issues.length - errors;
  const live = row.status.includes(marketplace === 'amazon' ? 'BUYABLE' : 'PUBLISHED');
  const words =
    marketplace === 'amazon'
      ? [t('listings.buyable'), t('listings.notBuyable')]
      : [t('wfsListings.published'), t('wfsListings.unpublished')];
  return (
    <>
      <span className={`pill ${live ? 'ok' : 'muted'}`}>{live ? words[0] : words[1]}</span>
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
