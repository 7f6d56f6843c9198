/** WFS listing info (/apps/outbound/wfs-listing-info/:storeId?/:msku?): a Walmart store's items. */
import { ListingsScreen } from './ListingsScreen';
import { WALMART_ITEMS } from './screens';

export default function WfsListingInfoPage() {
  return <ListingsScreen screen={WALMART_ITEMS} />;
}
