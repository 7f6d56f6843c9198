/** Amazon's additional seller input the web tests ask for: the customs contents type, required, not yet given. */
import type { SellerInput } from '../../domain/schemas/fbm-labels';

export const sellerInput = (over: Partial<SellerInput> = {}): SellerInput => ({
  key: 'CUSTOMS_CONTENTS_TYPE',
  level: 'shipment',
  orderItemId: null,
  sku: null,
  name: 'CUSTOMS_CONTENTS_TYPE',
  label: 'Contents type',
  required: true,
  options: ['MERCHANDISE', 'GIFT'],
  pattern: null,
  value: null,
  source: null,
  problem: 'required for this shipping service',
  ...over,
});
