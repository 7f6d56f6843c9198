/**
 * Outbound → Merchant fulfilment (/apps/outbound/mfn-shipments/:accountNo?/:workflow?/:batchId?/
 * :channel?): Walmart seller-fulfilled, eBay and Shopify orders. :accountNo narrows to a client
 * ("all" for every one) and :channel to a sales channel; :workflow and :batchId belong to the pick
 * batches that come later and narrow nothing yet.
 */
import { useParams } from '@tanstack/react-router';
import { OrdersDesk } from './OrdersDesk';

export default function MfnShipmentsPage() {
  const params = useParams({ strict: false }) as { accountNo?: string; channel?: string };
  return (
    <OrdersDesk
      key={`${params.accountNo ?? ''}/${params.channel ?? ''}`}
      desk="mfn"
      accountNo={params.accountNo}
      channel={params.channel}
    />
  );
}
