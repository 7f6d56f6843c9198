/**
 * One FBM return order or FBA removal shipment (/apps/inbound/uploaded-batches/{fbm|fba}/:type/:returnId):
 * what Amazon (or the file) said, its parcel(s) and whether the dock has them, each line's expected,
 * sellable and damaged units, and the problems its damaged units became. Receiving happens in the
 * inbound flow the links open: the dock scan of the tracking number, the item scan of the units,
 * then sort and receive.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { returnDetailSchema } from '../../../domain/schemas/returns';
import { ApiFailure } from '../../api/client';
import { getAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { isWarehouseUser } from '../inbound/purchase-orders/clients';
import { listTypeOf, nounKey, segmentOfPath } from './kind';
import { formatDate } from '../../../domain/format';

export default function ReturnDetailPage() {
  const { t, i18n } = useTranslation();
  const segment = segmentOfPath(useLocation().pathname);
  const noun = nounKey(segment);
  const params = useParams({ strict: false }) as { type?: string; returnId?: string };
  const type = listTypeOf(params.type);
  const id = Number(params.returnId);
  const warehouse = isWarehouseUser(useSession((s) => s.user?.audience));
  const listPath =
    segment === 'fbm' ? '/apps/inbound/uploaded-batches/fbm/$type' : '/apps/inbound/uploaded-batches/fba/$type';
  const ret = useQuery({
    queryKey: ['return', segment, id],
    enabled: Number.isInteger(id) && id > 0,
    // The floor receives elsewhere: the counts follow without a reload.
    refetchInterval: 5000,
    queryFn: () => getAs(`/api/returns/${segment}/${id}`, returnDetailSchema, { quiet: true }),
  });
  const date = (at: string | null) => (at ? formatDate(i18n.language, at) : '—');

  const back = (
    <Link to={listPath} params={{ type }} className="btn">
      {t('returns.back')}
    </Link>
  );
  if (!Number.isInteger(id) || id <= 0 || ret.error)
    return (
      <div className="page">
        <div className="page-head">
          <h1>{t(`${noun}.detailTitle`)}</h1>
          {back}
        </div>
        <p className="form-error" role="alert">
          {ret.error instanceof ApiFailure ? ret.error.message : t('returns.notFound')}
        </p>
      </div>
    );
  if (!ret.data)
    return (
      <div className="page">
        <p className="muted">{t('app.loading')}</p>
      </div>
    );
  const r = ret.data;
  const companyPath = { accountNo: r.accountNo ?? '-', companyId: String(r.companyId) };

  return (
    <div className="page">
      <div className="page-head">
        <h1>
          {t(`${noun}.detailTitle`)} {r.rma ?? r.orderId}
        </h1>
        <div className="button-row">{back}</div>
      </div>
      <section className="card">
        <dl className="facts">
          <dt>{t('returns.stage')}</dt>
          <dd>
            <span className={`pill stage-${r.stage}`} data-testid="return-stage">
              {t(`returns.stages.${r.stage}`)}
            </span>
          </dd>
          <dt>{t(`${noun}.orderId`)}</dt>
          <dd>{r.orderId}</dd>
          {r.rma && (
            <>
              <dt>{t('returns.rma')}</dt>
              <dd>{r.rma}</dd>
            </>
          )}
          <dt>{t('returns.client')}</dt>
          <dd>{`${r.accountNo ?? ''} ${r.companyName}`.trim()}</dd>
          <dt>{t('returns.source')}</dt>
          <dd>
            {r.source === 'amazon'
              ? `${t('returns.sources.amazon')} · ${r.storeName ?? ''}`
              : t('returns.sources.upload')}
          </dd>
          {r.marketplaceStatus && (
            <>
              <dt>{t('returns.amazonStatus')}</dt>
              <dd>{r.marketplaceStatus}</dd>
            </>
          )}
          {r.reason && (
            <>
              <dt>{t('returns.reason')}</dt>
              <dd>{r.reason}</dd>
            </>
          )}
          <dt>{t(`${noun}.date`)}</dt>
          <dd>{date(r.requestedAt ?? r.createdAt)}</dd>
          <dt>{t('returns.units')}</dt>
          <dd>
            {t('returns.unitsSummary', {
              expected: r.expectedUnits,
              sellable: r.sellableUnits,
              problems: r.problemUnits,
            })}
          </dd>
        </dl>
        {warehouse && r.stage !== 'received' && (
          <div className="button-row">
            <Link
              to="/apps/inbound/package-receive-batch/$accountNo/$companyId/$companyName"
              params={{ ...companyPath, companyName: r.companyName }}
              className="btn"
            >
              {t('returns.receiveAtDock')}
            </Link>
            <Link
              to="/apps/inbound/package-scan"
              search={{ batchName: r.batchName, accountNo: r.accountNo ?? '' }}
              className="btn primary"
              data-testid="count-items"
            >
              {t('returns.countItems')}
            </Link>
          </div>
        )}
        {warehouse && r.sellableUnits > 0 && (
          <p>
            <Link to="/apps/inbound/receive-batch/$accountNo/$companyId" params={companyPath}>
              {t('returns.sortReceive')}
            </Link>{' '}
            ·{' '}
            <Link to="/apps/inbound/batch-workspace/$batchId" params={{ batchId: String(r.batchId) }}>
              {t('returns.openBatch', { name: r.batchName })}
            </Link>
          </p>
        )}
      </section>

      <section className="card">
        <h2>{t('returns.packages')}</h2>
        {r.packages.length === 0 ? (
          <p className="muted">{t('returns.noTracking')}</p>
        ) : (
          <ul>
            {r.packages.map((p) => (
              <li key={p.id}>
                {r.carrier ? `${r.carrier} ` : ''}
                <code>{p.trackingNumber}</code> —{' '}
                {p.status === 'delivered'
                  ? t('returns.delivered', { date: date(p.deliveredAt) })
                  : t('returns.notDelivered')}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card">
        <h2>{t('returns.lines')}</h2>
        <div className="table-wrap">
          <table className="report" data-testid="return-lines">
            <thead>
              <tr>
                <th>{t('returns.item')}</th>
                <th>{t('returns.codes')}</th>
                <th>{segment === 'fbm' ? t('returns.reason') : t('returns.disposition')}</th>
                <th>{t('returns.expected')}</th>
                <th>{t('returns.sellable')}</th>
                <th>{t('returns.damaged')}</th>
              </tr>
            </thead>
            <tbody>
              {r.lines.map((l) => (
                <tr key={l.id}>
                  <td>{l.title}</td>
                  <td className="muted">{[l.sku, l.fnsku, l.asin, l.upc].filter(Boolean).join(' · ')}</td>
                  <td>{(segment === 'fbm' ? l.reason : l.disposition) ?? '—'}</td>
                  <td>{l.expectedQty}</td>
                  <td>{l.sellableQty}</td>
                  <td>{l.damagedQty}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="card">
        <h2>{t('returns.problemsTitle')}</h2>
        {r.problems.length === 0 ? (
          <p className="muted">{t('returns.noProblems')}</p>
        ) : (
          <ul>
            {r.problems.map((p) => (
              <li key={p.id}>
                {t('returns.problemLine', {
                  quantity: p.quantity,
                  type: t(`problems.types.${p.type}`, { defaultValue: p.type }),
                  damage:
                    p.damageType === 'none'
                      ? ''
                      : t(`problems.damageTypes.${p.damageType}`, { defaultValue: p.damageType }),
                  resolution: t(`problems.resolutions.${p.resolution}`, { defaultValue: p.resolution }),
                })}
              </li>
            ))}
          </ul>
        )}
        <Link to="/apps/problem/management">{t('nav.ProblemItems')}</Link>
      </section>
    </div>
  );
}
