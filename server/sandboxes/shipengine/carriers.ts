/**
 * The carriers connected to every sandbox ShipEngine account, and how each prices a service:
 * a base price plus a price per billable pound, scaled by zone, with the carrier's weight limit
 * and transit days — plausible US list prices, deterministic so tests and demos can rely on them.
 */
export interface SandboxService {
  service_code: string;
  name: string;
  base: number;
  perLb: number;
  /** Extra per zone above 1, as a fraction of the price. */
  zoneStep: number;
  days: (zone: number) => number;
  guaranteed: boolean;
}

export interface SandboxCarrier {
  carrier_id: string;
  carrier_code: string;
  friendly_name: string;
  nickname: string;
  account_number: string;
  maxLb: number;
  services: SandboxService[];
  /** The carrier's tracking number form. */
  trackingPrefix: string;
  trackingLength: number;
}

export const SANDBOX_CARRIERS: SandboxCarrier[] = [
  {
    carrier_id: 'se-1000001',
    carrier_code: 'stamps_com',
    friendly_name: 'Stamps.com',
    nickname: 'USPS',
    account_number: 'sbx-usps',
    maxLb: 70,
    trackingPrefix: '9400100',
    trackingLength: 22,
    services: [
      {
        service_code: 'usps_ground_advantage',
        name: 'USPS Ground Advantage',
        base: 4.75,
        perLb: 0.95,
        zoneStep: 0.09,
        days: (z) => 2 + Math.ceil(z / 2),
        guaranteed: false,
      },
      {
        service_code: 'usps_priority_mail',
        name: 'USPS Priority Mail',
        base: 8.2,
        perLb: 1.45,
        zoneStep: 0.1,
        days: (z) => 1 + Math.ceil(z / 3),
        guaranteed: false,
      },
      {
        service_code: 'usps_priority_mail_express',
        name: 'USPS Priority Mail Express',
        base: 28.75,
        perLb: 3.1,
        zoneStep: 0.08,
        days: () => 1,
        guaranteed: true,
      },
    ],
  },
  {
    carrier_id: 'se-1000002',
    carrier_code: 'ups',
    friendly_name: 'UPS',
    nickname: 'UPS',
    account_number: 'sbx-ups',
    maxLb: 150,
    trackingPrefix: '1Z',
    trackingLength: 18,
    services: [
      {
        service_code: 'ups_ground',
        name: 'UPS® Ground',
        base: 10.1,
        perLb: 0.85,
        zoneStep: 0.07,
        days: (z) => 1 + Math.ceil(z * 0.6),
        guaranteed: false,
      },
      {
        service_code: 'ups_2nd_day_air',
        name: 'UPS 2nd Day Air®',
        base: 21.4,
        perLb: 2.2,
        zoneStep: 0.09,
        days: () => 2,
        guaranteed: true,
      },
      {
        service_code: 'ups_next_day_air',
        name: 'UPS Next Day Air®',
        base: 39.9,
        perLb: 3.9,
        zoneStep: 0.1,
        days: () => 1,
        guaranteed: true,
      },
    ],
  },
  {
    carrier_id: 'se-1000003',
    carrier_code: 'fedex',
    friendly_name: 'FedEx',
    nickname: 'FedEx',
    account_number: 'sbx-fedex',
    maxLb: 150,
    trackingPrefix: '7',
    trackingLength: 12,
    services: [
      {
        service_code: 'fedex_ground',
        name: 'FedEx Ground®',
        base: 9.95,
        perLb: 0.88,
        zoneStep: 0.07,
        days: (z) => 1 + Math.ceil(z * 0.6),
        guaranteed: false,
      },
      {
        service_code: 'fedex_2day',
        name: 'FedEx 2Day®',
        base: 22.1,
        perLb: 2.15,
        zoneStep: 0.09,
        days: () => 2,
        guaranteed: true,
      },
      {
        service_code: 'fedex_standard_overnight',
        name: 'FedEx Standard Overnight®',
        base: 41.3,
        perLb: 4.05,
        zoneStep: 0.1,
        days: () => 1,
        guaranteed: true,
      },
    ],
  },
];

export const carrierById = (id: string) => SANDBOX_CARRIERS.find((c) => c.carrier_id === id);

/** ShipEngine's list_carriers answer for a carrier. */
export const carrierView = (c: SandboxCarrier) => ({
  carrier_id: c.carrier_id,
  carrier_code: c.carrier_code,
  account_number: c.account_number,
  requires_funded_amount: c.carrier_code === 'stamps_com',
  balance: c.carrier_code === 'stamps_com' ? 1000 : 0,
  nickname: c.nickname,
  friendly_name: c.friendly_name,
  primary: c.carrier_code === 'stamps_com',
  has_multi_package_supporting_services: c.carrier_code !== 'stamps_com',
  allows_returns: true,
  supports_label_messages: true,
  disabled_by_billing_plan: false,
  services: c.services.map((s) => ({
    carrier_id: c.carrier_id,
    service_code: s.service_code,
    name: s.name,
    domestic: true,
    international: false,
    is_multi_package_supported: c.carrier_code !== 'stamps_com',
    is_return_supported: true,
  })),
  packages: [],
  options: [],
  send_rates: true,
  supports_user_managed_rates: false,
  connection_status: 'approved',
});
