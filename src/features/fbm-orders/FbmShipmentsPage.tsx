/** Outbound → Amazon FBM (/apps/outbound/fbm-shipments): Amazon's merchant-fulfilled orders. */
import { OrdersDesk } from './OrdersDesk';

export default function FbmShipmentsPage() {
  return <OrdersDesk desk="fbm" />;
}
