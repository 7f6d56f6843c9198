/**
 * The warehouse's force-ship console (/apps/outbound/fbm-force, issue 20): where the clients' open
 * marketplace orders stand — awaiting, reserved and ready to pick, on pick batches, picked and not
 * shipped — with the way to each next step.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forceSummarySchema, type ForceSummary } from '../../../domain/schemas/fbm-pick';
import { ApiFailure } from '../../api/client';
import { getAs } from '../../api/typed';
import { PICK_LIST } from './routes';

export default function ForceConsolePage() {
  const { t } = useTranslation();
  const [summary, setSummary] = useState<ForceSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getAs('/api/fbm/web/force/summary', forceSummarySchema, { quiet: true })
      .then(setSummary)
      .catch((err: unknown) => setError(err instanceof ApiFailure ? err.messages.join(' ') : String(err)));
  }, []);
  const tile = (key: keyof Omit<ForceSummary, 'stores'>, label: string) => (
    <div className="tile" data-testid={`force-${key}`} data-count={summary?.[key] ?? ''}>
      <span className="tile-value">{summary ? summary[key] : '…'}</span>
      <span className="tile-label">{label}</span>
    </div>
  );
  return (
    <div className="page" data-testid="force-console">
      <h1>{t('fbmPick.console.title')}</h1>
      <p className="muted">{t('fbmPick.console.intro')}</p>
      {error && (
        <p className="notice" role="alert">
          {error}
        </p>
      )}
      <div className="tiles">
        {tile('awaiting', t('fbmPick.console.awaiting'))}
        {tile('reserved', t('fbmPick.console.reserved'))}
        {tile('onBatches', t('fbmPick.console.onBatches'))}
        {tile('picked', t('fbmPick.console.picked'))}
      </div>
      <ul className="link-list">
        <li>
          <Link to={PICK_LIST} data-testid="force-pick-list">
            {t('fbmPick.console.pickList', { count: summary?.openBatches ?? 0 })}
          </Link>
        </li>
        <li>
          <Link to="/apps/outbound/fbm-force/buy-bulk-shipping" data-testid="force-bulk-labels">
            {t('fbmPick.console.bulkLabels')}
          </Link>
        </li>
        <li>
          <Link to="/apps/outbound/fbm-force/orders-file-upload">{t('fbmPick.console.upload')}</Link>
        </li>
        <li>
          <Link to="/apps/outbound/fbm-shipments">{t('fbmPick.console.amazonDesk')}</Link>
        </li>
        <li>
          <Link to="/apps/outbound/mfn-shipments">{t('fbmPick.console.mfnDesk')}</Link>
        </li>
        <li>
          <Link to="/apps/tools/batch-verify">{t('fbmPick.console.verify')}</Link>
        </li>
      </ul>
    </div>
  );
}
