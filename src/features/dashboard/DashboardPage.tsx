import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dashboardCountsSchema } from '../../../domain/schemas/dashboard';
import { getAs } from '../../api/typed';
import { mayOpen } from '../../app/guard';
import { useSession } from '../../app/session';
import { ActivityCharts } from './ActivityCharts';
import { FloorWork } from './FloorWork';

export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user)!;
  const counts = useQuery({
    queryKey: ['dashboard-counts'],
    queryFn: () => getAs('/api/dashboard/counts', dashboardCountsSchema, { background: true }),
  });
  // The client counts are for those who may open the Clients list behind them.
  const tiles: [string, number | undefined][] =
    user.audience === 'Warehouse' && mayOpen({ resource: 'clients', action: 'read' })
      ? [
          ['dashboard.clients', counts.data?.clients],
          ['dashboard.activeClients', counts.data?.activeClients],
          ['dashboard.users', counts.data?.users],
          ['dashboard.warehouses', counts.data?.warehouses],
        ]
      : [
          ['dashboard.users', counts.data?.users],
          ['dashboard.warehouses', counts.data?.warehouses],
        ];
  return (
    <div className="page">
      <h1>{t('dashboard.greeting', { name: user.fullname })}</h1>
      <p className="muted">{t('dashboard.company', { company: user.companyName, account: user.accountNo })}</p>
      <div className="tiles">
        {tiles.map(([key, value]) => (
          <div key={key} className="tile" data-tile={key}>
            <span className="tile-value">{value ?? '–'}</span>
            <span className="tile-label">{t(key)}</span>
          </div>
        ))}
      </div>
      <FloorWork />
      <ActivityCharts />
    </div>
  );
}
