/** Listing info (/apps/outbound/listing-info/:storeId?/:msku?): an Amazon store's listings. */
import { ListingsScreen } from './ListingsScreen';
import { AMAZON_LISTINGS } from './screens';

export default function ListingInfoPage() {
  return <ListingsScreen screen={AMAZON_LISTINGS} />;
}
