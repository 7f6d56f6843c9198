/**
 * Rate shopping: every service of every carrier connected to the warehouse's aggregator account
 * for one shipment, cheapest first; services a carrier refuses are listed with the reason.
 */
import type { RateQuoteRequest } from '../../../domain/schemas/shipping.js';
import type { Deps, RequestContext } from '../../context.js';
import { ProviderFailure } from '../../integrations/http.js';
import { apiErrorOf } from '../stores/connection.js';
import type { RateShipment } from '../../integrations/shipengine/models.js';
import { shipEngineFor, toShipEngineShipment, type ShipEngineCustoms } from './shipengine.js';

/** `customs`: an international shipment's declaration, rated with it so the label bought carries it. */
export async function quoteRates(deps: Deps, ctx: RequestContext, q: RateQuoteRequest, customs?: ShipEngineCustoms) {
  const { client, sandbox } = await shipEngineFor(deps, ctx.tenantId);
  try {
    const { carriers } = await client.carriers();
    const shipment: RateShipment = {
      ...toShipEngineShipment(q),
      ...(customs ? { customs } : {}),
    };
    const answer = await client.rates(
      shipment,
      carriers.map((c) => c.carrier_id),
    );
    const rr = answer.rate_response;
    const name = (r: (typeof rr.rates)[number]) => r.carrier_nickname?.toString() || r.carrier_friendly_name;
    return {
      sandbox,
      rates: rr.rates
        .map((r) => ({
          rateId: r.rate_id,
          carrier: name(r),
          carrierCode: r.carrier_code,
          service: r.service_type,
          serviceCode: r.service_code,
          amount:
            Math.round(
              (r.shipping_amount.amount +
                r.insurance_amount.amount +
                r.confirmation_amount.amount +
                r.other_amount.amount) *
                100,
            ) / 100,
          currency: r.shipping_amount.currency.toUpperCase(),
          deliveryDays: r.delivery_days ?? null,
          estimatedDelivery: r.estimated_delivery_date ?? null,
          guaranteed: r.guaranteed_service,
          zone: r.zone,
        }))
        .sort((a, b) => a.amount - b.amount),
      refused: rr.invalid_rates.map((r) => ({
        carrier: name(r),
        service: r.service_type,
        reason: r.error_messages.join('; ') || 'refused by the carrier',
      })),
    };
  } catch (err) {
    if (err instanceof ProviderFailure) throw apiErrorOf(err);
    throw err;
  }
}

/** Company Credentials' "Test": a real call with the account (ShipEngine: its connected carriers). */
export async function testShipEngine(deps: Deps, ctx: RequestContext) {
  const { client, sandbox } = await shipEngineFor(deps, ctx.tenantId);
  try {
    const { carriers } = await client.carriers();
    const names = carriers.map((c) => c.nickname || c.friendly_name).join(', ');
    return {
      ok: true,
      message: `ShipEngine answered${sandbox ? ' (local sandbox)' : ''}: ${carriers.length} carriers connected${names ? ` (${names})` : ''}`,
    };
  } catch (err) {
    if (!(err instanceof ProviderFailure)) throw err;
    return { ok: false, message: err.messages.join('; ') };
  }
}
