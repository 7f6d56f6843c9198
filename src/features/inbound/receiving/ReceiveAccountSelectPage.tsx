/**
 * Sort and receive, step 1 (/apps/inbound/receive-batch/account-select): the client whose counted
 * units are to be put away. Read from the device's replica (works offline); clients with units
 * waiting in RECEIVING come first, with how many.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../../app/sync';
import { useClientsToSort } from './queries';

export default function ReceiveAccountSelectPage() {
  const { t } = useTranslation();
  const status = useSyncStatus();
  const [q, setQ] = useState('');
  const rows = useClientsToSort(q);

  return (
    <div className="page dock-page">
      <h1>{t('sortReceive.selectTitle')}</h1>
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
      {rows === undefined ? (
        <p className="grid-state">{t('app.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="grid-state">{!status.lastSyncAt ? t('dock.notSynced') : t('dock.noAccounts')}</p>
      ) : (
        <ul className="account-list" data-testid="receive-accounts">
          {rows.map((c) => (
            <li key={c.id}>
              <Link
                className="account-item"
                to="/apps/inbound/receive-batch/$accountNo/$companyId"
                params={{ accountNo: c.accountNo ?? '-', companyId: String(c.id) }}
              >
                <strong>{c.name}</strong>
                <span className="muted">{c.accountNo}</span>
                <span className={c.waiting ? 'pill' : 'muted'}>{t('sortReceive.waiting', { count: c.waiting })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
