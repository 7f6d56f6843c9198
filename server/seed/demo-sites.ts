/**
 * The demo tenants' first sites with full US addresses, so a label can be bought in the demo
 * without first visiting Settings › Warehouses (the demo's FBA ship-from is the same dock,
 * demo-fba.ts DEMO_SHIP_FROM).
 */
import type { NewTenant } from '../modules/tenants/bootstrap.js';

export const DEMO_MAIN_SITE = {
  addressName: 'Demo Prep Co',
  line1: '100 Harbor Way',
  city: 'Newark',
  state: 'NJ',
  postalCode: '07114',
  countryCode: 'US',
  phone: '+1 973-555-0100',
  email: 'dock@demo-prep.example',
  timezone: 'America/New_York',
} satisfies NewTenant['warehouse'];

export const DEMO_NORTH_SITE = {
  addressName: 'North Fulfilment',
  line1: '2400 Polar Way',
  line2: 'Dock 3',
  city: 'Minneapolis',
  state: 'MN',
  postalCode: '55413',
  countryCode: 'US',
  phone: '+1 612-555-0140',
  email: 'dock@north-fulfilment.example',
  timezone: 'America/Chicago',
} satisfies NewTenant['warehouse'];
