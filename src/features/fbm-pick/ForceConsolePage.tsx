/**
 * The warehouse's force-ship console (/apps/outbound/fbm-force, issue 20; issue 38): where the
 * clients' open marketplace orders stand — to reserve, reserved and ready to pick, on pick batches,
 * picked and to pack, packed and to label, labelled and to mark shipped — each stage with its count
 * and the next step as a link or, for reserving, the control itself (a store's or a client's
 * awaiting orders, the answer per order).
 */
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { forceSummarySchema, type ForceSummary } from '../../../domain/schemas/fbm-pick';
import { ApiFailure } from '../../api/client';
import { getAs } from '../../api/typed';
import { ReservePanel } from './ReservePanel';
import { FORCE_ROOT, PICK_LIST } from './routes';

const BULK_LABELS = `${FORCE_ROOT}/buy-bulk-shipping`;
const AMAZON_DESK = '/apps/outbound/fbm-shipments';
const MFN_DESK = '/apps/outbound/mfn-shipments';

export default function ForceConsolePage() {
  const { t } = useTranslation();
  const [summary, setSummary] = useState<ForceSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    getAs('/api/fbm/web/force/summary', forceSummarySchema, { quiet: true, background: true })
      .then(setSummary)
      .catch((err: unknown) => setError(err instanceof ApiFailure ? err.messages.join(' ') : String(err)));
  }, []);
  useEffect(load, [load]);

  const toPack = summary ? Math.max(0, summary.picked - summary.packed - summary.labelled) : null;
  const desks = (label: string) => (
    <>
      {label}: <Link to={AMAZON_DESK}>{t('fbmPick.console.amazonDesk')}</Link> ·{' '}
      <Link to={MFN_DESK}>{t('fbmPick.console.mfnDesk')}</Link>
    </>
  );
  const stage = (key: string, label: string, count: number | null | undefined, next: ReactNode) => (
    <tr data-testid={`force-${key}`} data-count={count ?? ''}>
      <th scope="row">{label}</th>
      <td className="num">{count ?? '…'}</td>
      <td>{count ? next : <span className="muted">{t('fbmPick.console.nothing')}</span>}</td>
    </tr>
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
        <div className="tile" data-testid="force-awaiting" data-count={summary?.awaiting ?? ''}>
          <span className="tile-value">{summary ? summary.awaiting : '…'}</span>
          <span className="tile-label">{t('fbmPick.console.awaiting')}</span>
        </div>
        <div className="tile" data-testid="force-picked" data-count={summary?.picked ?? ''}>
          <span className="tile-value">{summary ? summary.picked : '…'}</span>
          <span className="tile-label">{t('fbmPick.console.picked')}</span>
        </div>
      </div>
      <div className="table-wrap">
        <table className="report" data-testid="force-stages">
          <thead>
            <tr>
              <th>{t('fbmPick.console.stage')}</th>
              <th>{t('fbmPick.console.orders')}</th>
              <th>{t('fbmPick.console.next')}</th>
            </tr>
          </thead>
          <tbody>
            {stage(
              'toReserve',
              t('fbmPick.console.toReserve'),
              summary?.toReserve,
              <a href="#reserve" data-testid="force-next-reserve">
                {t('fbmPick.console.nextReserve')}
              </a>,
            )}
            {stage(
              'reserved',
              t('fbmPick.console.reserved'),
              summary?.reserved,
              <Link to={PICK_LIST} data-testid="force-next-batch">
                {t('fbmPick.console.nextBatch')}
              </Link>,
            )}
            {stage(
              'onBatches',
              t('fbmPick.console.onBatches'),
              summary?.onBatches,
              <Link to={PICK_LIST} data-testid="force-pick-list">
                {t('fbmPick.console.nextPick', { count: summary?.openBatches ?? 0 })}
              </Link>,
            )}
            {stage(
              'toPack',
              t('fbmPick.console.toPack'),
              toPack,
              <>
                {desks(t('fbmPick.console.nextPack'))} ·{' '}
                <Link to={BULK_LABELS} data-testid="force-next-box">
                  {t('fbmPick.console.nextBox')}
                </Link>
              </>,
            )}
            {stage(
              'packed',
              t('fbmPick.console.packedStage'),
              summary?.packed,
              <Link to={BULK_LABELS} data-testid="force-next-label">
                {t('fbmPick.console.nextLabel')}
              </Link>,
            )}
            {stage('labelled', t('fbmPick.console.labelled'), summary?.labelled, desks(t('fbmPick.console.nextShip')))}
          </tbody>
        </table>
      </div>
      <div id="reserve">
        <ReservePanel summary={summary} onDone={load} />
      </div>
      <h2>{t('fbmPick.console.more')}</h2>
      <ul className="link-list">
        <li>
          <Link to={PICK_LIST}>{t('fbmPick.console.pickList', { count: summary?.openBatches ?? 0 })}</Link>
        </li>
        <li>
          <Link to={BULK_LABELS} data-testid="force-bulk-labels">
            {t('fbmPick.console.bulkLabels')}
          </Link>
        </li>
        <li>
          <Link to="/apps/outbound/fbm-force/orders-file-upload">{t('fbmPick.console.upload')}</Link>
        </li>
        <li>
          <Link to={AMAZON_DESK}>{t('fbmPick.console.amazonDesk')}</Link>
        </li>
        <li>
          <Link to={MFN_DESK}>{t('fbmPick.console.mfnDesk')}</Link>
        </li>
        <li>
          <Link to="/apps/tools/batch-verify">{t('fbmPick.console.verify')}</Link>
        </li>
      </ul>
    </div>
  );
}
