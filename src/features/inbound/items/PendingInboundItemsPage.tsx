/** Pending inbound items (/apps/inbound/pending-inbound-items): announced and not yet fully received. */
import { useTranslation } from 'react-i18next';
import { ItemsGrid } from './ItemsGrid';

export default function PendingInboundItemsPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t('items.pendingTitle')}</h1>
      <p className="muted">{t('items.pendingHelp')}</p>
      <ItemsGrid id="pending-inbound-items" query={{ pending: 'true' }} />
    </div>
  );
}
