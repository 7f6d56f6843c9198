/** What both listing panels show alike: the marketplace's issues, and the product or an import button. */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listingImportResultSchema, type ListingRow } from '../../../domain/schemas/listings';
import { ApiFailure } from '../../api/client';
import { postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';

export function ListingIssues({ issues, title }: { issues: ListingRow['issues']; title: string }) {
  const { t } = useTranslation();
  if (!issues.length) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul data-testid="listing-issues">
        {issues.map((i, n) => (
          <li key={n}>
            <span className={`pill ${i.severity === 'ERROR' ? 'danger' : 'warn'}`}>
              {t(`listings.severity.${i.severity}`)}
            </span>{' '}
            {i.message}
            {i.attribute && <span className="muted"> ({i.attribute})</span>}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The client's product the listing is, or a button that imports the listing into the catalogue. */
export function ProductOrImport({
  api,
  row,
  onImported,
}: {
  /** The store's listings on the API. */
  api: string;
  row: Pick<ListingRow, 'sku' | 'product'>;
  onImported: () => Promise<unknown> | void;
}) {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const [busy, setBusy] = useState(false);
  const importIt = async () => {
    setBusy(true);
    try {
      const r = await postAs(`${api}/import`, { skus: [row.sku] }, listingImportResultSchema, { quiet: true });
      if (r.created.length) toast('success', t('listings.imported', { created: 1, skipped: 0 }));
      else toast('warning', r.skipped[0]?.reason ?? t('listings.nothingToImport'));
      await onImported();
    } catch (err) {
      toast('error', err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return row.product ? (
    <>
      <Link to="/apps/product/products">{row.product.title}</Link>{' '}
      <span className="muted">({t(`listings.matchedBy.${row.product.matchedBy}`)})</span>
    </>
  ) : (
    <button type="button" className="btn" disabled={busy} onClick={() => void importIt()}>
      {t('listings.importOne')}
    </button>
  );
}
