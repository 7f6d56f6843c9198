/**
 * The ShipEngine client against its sandbox over real HTTP, every answer held to ShipEngine's
 * published OpenAPI document (../shared/reference/shipengine/openapi.yaml) by
 * tests/helpers/sandbox-contract.ts: carriers, calculate_rates (the whole shipment answer, with
 * its required fields and date-times), a label bought from a rate, the label read back, tracking,
 * void, and ShipEngine's error body for refusals and faults.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';
import {
  sandboxShipEngineKey,
  ShipEngineClient,
  shipEngineSandboxUrl,
} from '../../server/integrations/shipengine/client.js';
import type { RateShipment } from '../../server/integrations/shipengine/models.js';
import { ProviderFailure } from '../../server/integrations/http.js';
import { holdSandboxesToReference } from '../helpers/sandbox-contract.js';

/** Every sandbox answer below is held to the provider's published model (../shared/reference). */
const contract = holdSandboxesToReference(import.meta.filename);

let s: TestServer;
let sandboxUrl: string;

beforeAll(async () => {
  s = await TestServer.start({ seed: 'none' });
  contract.attach(s);
  sandboxUrl = await s.listen();
});
afterAll(() => s.close());

const KEY = sandboxShipEngineKey(7);
const api = () =>
  new ShipEngineClient({ baseUrl: shipEngineSandboxUrl(sandboxUrl), apiKey: KEY, sleep: async () => undefined });
const seFetch = (path: string, init: RequestInit = {}, key = KEY) =>
  fetch(`${shipEngineSandboxUrl(sandboxUrl)}${path}`, {
    ...init,
    headers: { 'API-Key': key, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });

const shipment: RateShipment = {
  ship_from: {
    name: 'Dockside Prep',
    phone: '555-0100',
    address_line1: '100 Harbor Way',
    city_locality: 'Newark',
    state_province: 'NJ',
    postal_code: '07114',
    country_code: 'US',
  },
  ship_to: {
    name: 'Jane Buyer',
    address_line1: '5 Elm St',
    city_locality: 'Springfield',
    state_province: 'IL',
    postal_code: '62701',
    country_code: 'US',
  },
  packages: [{ weight: { value: 40, unit: 'ounce' }, dimensions: { unit: 'inch', length: 10, width: 8, height: 4 } }],
};
const abroad: RateShipment = {
  ...shipment,
  ship_to: {
    name: 'Jean Acheteur',
    address_line1: '1 Rue de Rivoli',
    city_locality: 'Toronto',
    state_province: 'ON',
    postal_code: 'M5V 2T6',
    country_code: 'CA',
  },
  customs: {
    contents: 'merchandise',
    non_delivery: 'return_to_sender',
    customs_items: [
      {
        description: 'Cotton T-shirt',
        quantity: 2,
        value: 12.5,
        value_currency: 'USD',
        country_of_origin: 'US',
        harmonized_tariff_code: '6109.10',
      },
    ],
  },
};

describe('ShipEngine’s sandbox answers in ShipEngine’s published shapes', () => {
  it('carriers, rates, a label from a rate, the label read back, tracking and void', async () => {
    const { carriers } = await api().carriers();
    expect(carriers.length).toBeGreaterThan(0);
    const quoted = await api().rates(
      shipment,
      carriers.map((c) => c.carrier_id),
    );
    expect(quoted.rate_response.rates.length).toBeGreaterThan(0);
    // The shipment answer carries the shipment as ShipEngine keeps it: a date-time ship date.
    expect(quoted).toMatchObject({ ship_date: expect.stringMatching(/T\d{2}:\d{2}:\d{2}/) });
    const rate = quoted.rate_response.rates[0]!;
    const label = await api().labelFromRate(rate.rate_id);
    expect(label.status).toBe('completed');
    const zpl = await api().labelFromRate(quoted.rate_response.rates[1]!.rate_id, 'zpl');
    expect(zpl.label_format).toBe('zpl');
    const read = await seFetch(`/v1/labels/${label.label_id}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ label_id: label.label_id, tracking_number: label.tracking_number });
    const tracking = await api().track(label.label_id);
    expect(tracking.status_code).toBe('AC');
    expect(await api().voidLabel(label.label_id)).toMatchObject({ approved: true });
    expect(await api().voidLabel(label.label_id)).toMatchObject({ approved: false });
  });

  it('a shipment abroad carries its customs declaration; a parcel over a limit gets invalid rates', async () => {
    const { carriers } = await api().carriers();
    const quoted = await api().rates(
      abroad,
      carriers.map((c) => c.carrier_id),
    );
    expect(quoted).toMatchObject({ customs: { contents: 'merchandise' } });
    const label = await api().labelFromRate(quoted.rate_response.rates[0]!.rate_id);
    expect(label.is_international ?? true).toBe(true);
    const heavy = await api().rates(
      { ...shipment, packages: [{ weight: { value: 95, unit: 'pound' } }] },
      carriers.map((c) => c.carrier_id),
    );
    expect(heavy.rate_response.invalid_rates.length).toBeGreaterThan(0);
    expect(heavy.rate_response.status).toBe('partial');
  });

  it('refusals and faults come in ShipEngine’s error body', async () => {
    const missing = await api()
      .rates({ ...shipment, ship_to: { ...shipment.ship_to, country_code: 'USA' } }, ['se-1000001'])
      .catch((e: unknown) => e);
    expect((missing as ProviderFailure).status).toBe(400);
    const unknownRate = await seFetch('/v1/labels/rates/se-nothing', { method: 'POST', body: '{}' });
    expect(unknownRate.status).toBe(404);
    const unknownLabel = await seFetch('/v1/labels/se-nothing');
    expect(unknownLabel.status).toBe(404);
    expect((await seFetch('/v1/labels/se-nothing/track')).status).toBe(404);
    expect((await seFetch('/v1/labels/se-nothing/void', { method: 'PUT' })).status).toBe(404);
    expect((await seFetch('/v1/carriers', {}, 'short')).status).toBe(401);
    expect((await seFetch('/v1/carriers', { headers: { 'x-sandbox-fault': 'error' } })).status).toBe(500);
    expect((await seFetch('/v1/carriers', { headers: { 'x-sandbox-fault': 'invalid' } })).status).toBe(400);
    expect((await seFetch('/v1/carriers', { headers: { 'x-sandbox-fault': 'throttle' } })).status).toBe(429);
  });
});

it('answers every operation it covers, each held to the published model', () => contract.expectCovered());
