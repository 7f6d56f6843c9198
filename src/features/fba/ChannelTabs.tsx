/** FBA | WFS tabs of a shipment-plan list. */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CHANNELS, type Channel } from './channels';

export function ChannelTabs({ base, current }: { base: string; current: Channel }) {
  const { t } = useTranslation();
  return (
    <nav className="tabs" aria-label={t('fba.channel')}>
      {CHANNELS.map((c) => (
        <Link
          key={c}
          to={`${base}/${c}`}
          className={`tab ${c === current ? 'active' : ''}`}
          aria-current={c === current ? 'page' : undefined}
        >
          {t(`fba.channels.${c}`)}
        </Link>
      ))}
    </nav>
  );
}
