/**
 * Open Shipment Plans (/dashboard/snapshot/pending-batches/:channel?): every plan not closed,
 * grouped by client and step, with how long it has been at that step and what it waits for —
 * Amazon at work or refusing (in Amazon's words), or the warehouse's next move. Paged by the
 * server; a plan opens in its workspace.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../domain/enums';
import { pendingPlanPageSchema, type PendingPlan } from '../../../domain/schemas/fba';
import { pageCount } from '../../../domain/paging';
import { getAs } from '../../api/typed';
import { failureText, PENDING } from './api';
import { channelOf } from './channels';
import { ChannelTabs } from './ChannelTabs';
import { ClientFilter } from './ClientFilter';
import { groupPending } from './pending';
import { planHref } from './plan-links';
import { WFS_PENDING } from '../wfs/api';
import { wfsPlanHref } from '../wfs/links';
import { blockerIsProblem, blockerKey, formatAge, stepKey } from './words';
import { formatDateTime, formatNumber } from '../../../domain/format';

const BASE = '/dashboard/snapshot/pending-batches';
const DEFAULT_SIZE = 50;
/** Ages are in minutes at best: the page re-reads the clock once a minute and the plans every two. */
const CLOCK_MS = 60_000;
const REFRESH_MS = 120_000;

export default function PendingPlansPage() {
  const { t } = useTranslation();
  const { channel: raw } = useParams({ strict: false }) as { channel?: string };
  const channel = channelOf(raw);
  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('fba.pending.title')}</h1>
      </div>
      <p className="muted">{t('fba.pending.intro')}</p>
      <ChannelTabs base={BASE} current={channel} />
      {channel === 'wfs' ? (
        <PendingList key="wfs" endpoint={WFS_PENDING} hrefOf={wfsPlanHref} words="wfs" />
      ) : (
        <PendingList key="fba" endpoint={PENDING} hrefOf={planHref} />
      )}
    </div>
  );
}

/** One channel's open plans (its pending endpoint; its plans open in its workspace). */
function PendingList({
  endpoint,
  hrefOf,
  words = 'fba',
}: {
  endpoint: string;
  hrefOf: (p: PendingPlan) => string;
  /** Whose step names and blocker words (WFS has its own steps and speaks of Walmart). */
  words?: 'fba' | 'wfs';
}) {
  const { t, i18n } = useTranslation();
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [pageNumber, setPageNumber] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_SIZE);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => setPageNumber(1), [companyId, pageSize]);
  const page = useQuery({
    queryKey: ['fba-pending', endpoint, companyId, pageNumber, pageSize],
    queryFn: () =>
      getAs(endpoint, pendingPlanPageSchema, {
        query: { companyId, pageNumber, pageSize },
        background: true,
        quiet: true,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const total = page.data?.totalElements ?? 0;
  const pages = pageCount(total, pageSize);
  const groups = groupPending(page.data?.content ?? []);

  return (
    <section className="grid" data-grid="fba-pending">
      <div className="grid-toolbar">
        <ClientFilter value={companyId} onChange={setCompanyId} />
      </div>
      {page.isPending ? (
        <p className="grid-state">{t('app.loading')}</p>
      ) : page.isError ? (
        <div className="grid-state error" role="alert">
          {t('grid.error')} <span className="muted">{failureText(page.error)}</span>{' '}
          <button type="button" className="btn small" onClick={() => void page.refetch()}>
            {t('grid.retry')}
          </button>
        </div>
      ) : groups.length === 0 ? (
        <p className="grid-state empty" data-testid="fba-pending-empty">
          {t('fba.pending.empty')}
        </p>
      ) : (
        groups.map((g) => (
          <section key={g.companyId} className="card" data-testid="fba-pending-client" data-company={g.companyId}>
            <h2>{[g.accountNo, g.companyName].filter(Boolean).join(' · ')}</h2>
            {g.steps.map((s) => (
              <div key={s.step} data-step={s.step}>
                <h3>
                  {t(words === 'fba' ? stepKey(s.step) : `wfs.steps.${s.step}`)}{' '}
                  <span className="muted">({s.plans.length})</span>
                </h3>
                <div className="table-wrap">
                  <table className="grid">
                    <thead>
                      <tr>
                        <th>{t('fba.planName')}</th>
                        <th>{t('fba.store')}</th>
                        <th>{t('fba.pending.age')}</th>
                        <th>{t('fba.pending.waitsFor')}</th>
                        <th>{t('fba.units')}</th>
                        <th>{t('fba.pending.boxes')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {s.plans.map((p) => (
                        <PendingRow
                          key={p.id}
                          plan={p}
                          now={now}
                          language={i18n.language}
                          href={hrefOf(p)}
                          words={words}
                        />
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            ))}
          </section>
        ))
      )}
      <footer className="grid-footer">
        <span className="page-info">{t('grid.pageInfo', { page: pageNumber, pages, total })}</span>
        <label>
          {t('grid.pageSize')}{' '}
          <select value={pageSize} onChange={(e) => setPageSize(Number(e.target.value))}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" disabled={pageNumber <= 1} onClick={() => setPageNumber(pageNumber - 1)}>
          {t('grid.previous')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={pageNumber >= pages}
          onClick={() => setPageNumber(pageNumber + 1)}
        >
          {t('grid.next')}
        </button>
      </footer>
    </section>
  );
}

function PendingRow({
  plan: p,
  now,
  language,
  href,
  words,
}: {
  plan: PendingPlan;
  now: number;
  language: string;
  href: string;
  words: 'fba' | 'wfs';
}) {
  const { t } = useTranslation();
  return (
    <tr data-testid="fba-pending-plan" data-plan={p.id} data-blocker={p.blocker.code}>
      <td>
        <Link to={href}>
          <strong>{p.name}</strong>
        </Link>
      </td>
      <td>{p.storeName}</td>
      <td title={formatDateTime(language, p.since)}>{formatAge(p.since, now, language)}</td>
      <td>
        <span className={`pill ${blockerIsProblem(p.blocker.code) ? 'danger' : ''}`}>
          {t(words === 'fba' ? blockerKey(p.blocker.code) : `wfs.blockers.${p.blocker.code}`)}
        </span>
        {p.blocker.detail && <div className="muted">{p.blocker.detail}</div>}
      </td>
      <td>{formatNumber(language, p.units)}</td>
      <td>{p.boxes ? t('fba.pending.boxesFacts', { boxes: p.boxes, boxed: p.boxed, units: p.units }) : '–'}</td>
    </tr>
  );
}
