/**
 * My plans (/apps/account/plan/my-plans): a client's current and coming service charge plans
 * with what each charge code costs it. A client sees its own; the warehouse picks a client.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { myPlansSchema } from '../../../domain/schemas/plans';
import { ApiFailure } from '../../api/client';
import { getAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { ClientSelect } from '../inbound/purchase-orders/ClientSelect';
import { isWarehouseUser } from '../inbound/purchase-orders/clients';
import { chargeCodeName, chargeUnitName } from './catalogue';
import { useFormat } from '../../ui/format';

export default function MyPlansPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const warehouse = isWarehouseUser(useSession((s) => s.user?.audience));
  const [companyId, setCompanyId] = useState<number | null>(null);
  const ready = !warehouse || companyId !== null;
  const plans = useQuery({
    queryKey: ['my-plans', warehouse ? companyId : 'own'],
    enabled: ready,
    queryFn: () =>
      getAs('/api/plan/enrollment/my-plans', myPlansSchema, {
        query: warehouse ? { companyId: companyId ?? undefined } : {},
        quiet: true,
      }),
  });

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('plans.my.title')}</h1>
        <div className="button-row">
          <Link to="/apps/account/plan/enrollment" className="btn">
            {t('plans.history.title')}
          </Link>
        </div>
      </div>
      {warehouse && (
        <div className="toolbar">
          <ClientSelect value={companyId} onChange={setCompanyId} />
        </div>
      )}
      {!ready ? (
        <p className="grid-state empty">{t('plans.my.pickClient')}</p>
      ) : plans.isLoading ? (
        <p className="grid-state loading" aria-busy="true">
          {t('plans.loading')}
        </p>
      ) : plans.isError ? (
        <p className="grid-state error" role="alert">
          {plans.error instanceof ApiFailure ? plans.error.message : t('plans.loadFailed')}
        </p>
      ) : !plans.data?.length ? (
        <p className="grid-state empty">{t('plans.my.none')}</p>
      ) : (
        plans.data.map(({ enrollment: e, plan: p }) => (
          <section className="card" key={e.id} data-testid="my-plan" aria-label={p.name}>
            <h2>
              {p.name} <span className="badge">{t(`plans.categories.${p.category}`)}</span>{' '}
              <span className="badge">{t(`plans.tiers.${p.tier}`)}</span>
            </h2>
            <p>
              {e.endsOn
                ? t('plans.my.period', { from: f.day(e.startsOn), to: f.day(e.endsOn) })
                : t('plans.my.since', { from: f.day(e.startsOn) })}
              {Number(p.recurringFee) > 0 &&
                ` · ${t('plans.my.fee', { fee: f.price(p.recurringFee), schedule: t(`plans.schedules.${p.schedule}`) })}`}
            </p>
            {p.description && <p className="muted">{p.description}</p>}
            {p.prices.length === 0 ? (
              <p className="muted">{t('plans.my.noPrices')}</p>
            ) : (
              <div className="table-wrap">
                <table className="table">
                  <thead>
                    <tr>
                      <th>{t('plans.chargeCode')}</th>
                      <th>{t('plans.unit')}</th>
                      <th>{t('plans.unitPrice')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.prices.map((l) => (
                      <tr key={l.code}>
                        <td>{chargeCodeName(t, l.code)}</td>
                        <td>{chargeUnitName(t, l.code)}</td>
                        <td data-testid={`my-price-${l.code}`}>{f.price(l.unitPrice)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        ))
      )}
    </div>
  );
}
