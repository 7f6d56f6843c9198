/** /apps/inventory/amazon/:inventoryType — Amazon's inventory types (FBA, FBM) of the marketplace inventory screen. */
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MARKETPLACE_OF_TYPE } from '../../../domain/schemas/marketplace-inventory';
import { isInventoryType, MarketplaceInventory } from './MarketplaceInventoryPage';

export default function AmazonInventoryPage() {
  const { t } = useTranslation();
  const { inventoryType } = useParams({ strict: false }) as { inventoryType?: string };
  if (!isInventoryType(inventoryType) || MARKETPLACE_OF_TYPE[inventoryType] !== 'amazon')
    return <p className="form-error">{t('errors.notFound')}</p>;
  return <MarketplaceInventory key={inventoryType} type={inventoryType} />;
}
