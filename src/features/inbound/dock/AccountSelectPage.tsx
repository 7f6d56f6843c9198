/**
 * Dock package receiving, step 1: choose the client whose packages are on the dock. Reads the
 * device's replica, so it works offline; search by account number or name, recent accounts first.
 */
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncEngine, useSyncStatus } from '../../../app/sync';
import { matchingClients } from '../client-search';
import { useReplicaCompanies } from './queries';
import { recentAccounts } from './recent-accounts';

export default function AccountSelectPage() {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  const status = useSyncStatus();
  const [q, setQ] = useState('');
  const companies = useReplicaCompanies();
  const clients = useMemo(() => {
    const recent = recentAccounts();
    const rank = (id: number) => {
      const i = recent.indexOf(id);
      return i === -1 ? recent.length : i;
    };
    return matchingClients(companies ?? [], q).sort((a, b) => rank(a.id) - rank(b.id) || a.name.localeCompare(b.name));
  }, [companies, q]);
  const recent = new Set(recentAccounts());

  return (
    <div className="page dock-page">
      <h1>{t('dock.selectTitle')}</h1>
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
      {companies === undefined || !engine ? (
        <p className="grid-state">{t('app.loading')}</p>
      ) : clients.length === 0 ? (
        <p className="grid-state" data-testid="no-accounts">
          {companies.length === 0 && !status.lastSyncAt ? t('dock.notSynced') : t('dock.noAccounts')}
        </p>
      ) : (
        <ul className="account-list">
          {clients.map((c) => (
            <li key={c.id}>
              <Link
                className="account-item"
                to="/apps/inbound/package-receive-batch/$accountNo/$companyId/$companyName"
                params={{ accountNo: c.accountNo ?? '-', companyId: String(c.id), companyName: c.name }}
                data-account={c.accountNo ?? ''}
              >
                <strong>{c.name}</strong>
                <span className="muted">{c.accountNo}</span>
                {recent.has(c.id) && <span className="pill">{t('dock.recent')}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
