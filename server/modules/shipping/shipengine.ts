/**
 * The warehouse's shipping-rate aggregator (ShipEngine): its own API key from Company Credentials,
 * or — when it has none and the sandboxes are on — the local sandbox, so a demo can shop rates and
 * buy labels without any account. Calls are logged for support against the warehouse.
 */
import type { LabelCustoms } from '../../../domain/schemas/customs.js';
import type { RateQuoteRequest, ShipAddress } from '../../../domain/schemas/shipping.js';
import type { Deps } from '../../context.js';
import { businessRule } from '../../http/errors.js';
import {
  sandboxShipEngineKey,
  ShipEngineClient,
  SHIPENGINE_URL,
  shipEngineSandboxUrl,
} from '../../integrations/shipengine/client.js';
import type { ShipEngineAddress, ShipEngineCustoms } from '../../integrations/shipengine/models.js';
import { accountValues } from '../stores/accounts.js';
import { callLog, clientOverrides, sandboxBase } from '../stores/connection.js';

export async function shipEngineFor(
  deps: Deps,
  tenantId: number,
): Promise<{ client: ShipEngineClient; sandbox: boolean }> {
  const account = await accountValues(deps, tenantId, 'shipengine');
  const log = callLog(deps, { id: null, tenantId, companyId: null });
  if (account?.apiKey)
    return {
      client: new ShipEngineClient({ baseUrl: SHIPENGINE_URL, apiKey: account.apiKey, log, ...clientOverrides }),
      sandbox: false,
    };
  if (!deps.config.sandbox)
    throw businessRule('Enter the warehouse’s ShipEngine API key in Company Credentials to shop rates and buy labels');
  return {
    client: new ShipEngineClient({
      baseUrl: shipEngineSandboxUrl(sandboxBase(deps)),
      apiKey: sandboxShipEngineKey(tenantId),
      log,
      ...clientOverrides,
    }),
    sandbox: true,
  };
}

export const toShipEngineAddress = (a: ShipAddress): ShipEngineAddress => ({
  name: a.name,
  company_name: a.company ?? null,
  phone: a.phone ?? '',
  address_line1: a.line1,
  address_line2: a.line2 ?? null,
  city_locality: a.city,
  // ShipEngine's contract wants a non-empty state_province, yet many countries (Germany, France,
  // the UK…) have none on an address; carriers there take the city in its place. Where a state
  // is mandatory (US, CA) the address is refused before it gets here.
  state_province: a.state.trim() || a.city,
  postal_code: a.postalCode,
  country_code: a.countryCode,
  address_residential_indicator: a.residential === undefined ? 'unknown' : a.residential ? 'yes' : 'no',
});

export const toShipEngineShipment = (q: RateQuoteRequest) => ({
  ship_from: toShipEngineAddress(q.shipFrom),
  ship_to: toShipEngineAddress(q.shipTo),
  packages: q.parcels.map((p) => ({
    weight: { value: p.weightLb, unit: 'pound' as const },
    ...(p.lengthIn && p.widthIn && p.heightIn
      ? { dimensions: { unit: 'inch' as const, length: p.lengthIn, width: p.widthIn, height: p.heightIn } }
      : {}),
  })),
});

/**
 * ShipEngine's `shipment.customs` (international_shipment_options, /v1/rates): a label bought
 * from a rate carries the customs of the shipment that was rated.
 */
export type { ShipEngineCustoms };

const CONTENTS: Record<LabelCustoms['contents'], ShipEngineCustoms['contents']> = {
  MERCHANDISE: 'merchandise',
  DOCUMENTS: 'documents',
  GIFT: 'gift',
  SAMPLE: 'sample',
  RETURN_MERCHANDISE: 'returned_goods',
  HUMANITARIAN_DONATION: 'other',
  OTHER: 'other',
};

export const toShipEngineCustoms = (c: LabelCustoms): ShipEngineCustoms => ({
  contents: CONTENTS[c.contents],
  ...(CONTENTS[c.contents] === 'other' ? { contents_explanation: c.contents.toLowerCase().replace(/_/g, ' ') } : {}),
  non_delivery: c.nonDelivery === 'ABANDON' ? 'treat_as_abandoned' : 'return_to_sender',
  terms_of_trade_code: c.incoterm.toLowerCase() as ShipEngineCustoms['terms_of_trade_code'],
  customs_items: c.items.map((i) => ({
    description: i.description,
    quantity: i.quantity,
    value: i.unitValue,
    value_currency: c.currency.toUpperCase(),
    weight: { value: i.unitWeightLb, unit: 'pound' as const },
    harmonized_tariff_code: i.hsCode,
    country_of_origin: i.countryOfOrigin,
    ...(i.sku ? { sku: i.sku } : {}),
  })),
});
