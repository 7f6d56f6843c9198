/**
 * Amazon FBA (/apps/outbound/fba-shipments), step 1: the client whose units are to be planned for
 * FBA. Warehouse users search their clients by name or account number, the ones they planned for
 * lately first; a client user has only itself and goes straight to its plans.
 */
import { Link, Navigate } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { matchingClients } from '../inbound/client-search';
import { useClientOptions, type ClientOption } from '../inbound/purchase-orders/clients';
import { failureText } from './api';
import { accountSegment, useOwnClient } from './clients';
import { recentFbaAccounts } from './recent-accounts';

export default function FbaAccountSelectPage() {
  const { t } = useTranslation();
  const own = useOwnClient();
  if (own)
    return (
      <Navigate to="/apps/outbound/fba-shipments/$accountNo" params={{ accountNo: accountSegment(own) }} replace />
    );
  return (
    <ClientChoice
      title={t('fba.selectTitle')}
      intro={
        <>
          {t('fba.selectIntro')}{' '}
          <Link to="/apps/outbound/fba-bol" data-testid="fba-bol-link">
            {t('fba.bol.title')}
          </Link>
        </>
      }
      hrefOf={(c) => `/apps/outbound/fba-shipments/${encodeURIComponent(accountSegment(c))}`}
    />
  );
}

/** The client choice, shared by the channels' workspaces (FBA, WFS): each names its title and where a client leads. */
export function ClientChoice({
  title,
  intro,
  hrefOf,
}: {
  title: string;
  intro: ReactNode;
  hrefOf: (c: ClientOption) => string;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const options = useClientOptions();
  const [recent] = useState(recentFbaAccounts);
  const clients = useMemo(() => {
    const rank = (id: number) => {
      const i = recent.indexOf(id);
      return i === -1 ? recent.length : i;
    };
    return matchingClients(options.data ?? [], q).sort(
      (a, b) => rank(a.id) - rank(b.id) || a.name.localeCompare(b.name),
    );
  }, [options.data, q, recent]);

  return (
    <div className="page dock-page">
      <h1>{title}</h1>
      <p className="muted">{intro}</p>
      <label className="field">
        <span>{t('dock.searchAccount')}</span>
        <input
          type="search"
          name="accountSearch"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          autoFocus
          autoComplete="off"
        />
      </label>
      {options.isPending ? (
        <p className="grid-state">{t('app.loading')}</p>
      ) : options.isError ? (
        <p className="form-error" role="alert">
          {failureText(options.error)}{' '}
          <button type="button" className="btn small" onClick={() => void options.refetch()}>
            {t('grid.retry')}
          </button>
        </p>
      ) : clients.length === 0 ? (
        <p className="grid-state" data-testid="no-accounts">
          {t('dock.noAccounts')}
        </p>
      ) : (
        <ul className="account-list" data-testid="fba-accounts">
          {clients.map((c) => (
            <li key={c.id}>
              <Link className="account-item" to={hrefOf(c)} data-account={c.accountNo ?? ''}>
                <strong>{c.name}</strong>
                <span className="muted">{c.accountNo}</span>
                {recent.includes(c.id) && <span className="pill">{t('dock.recent')}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
