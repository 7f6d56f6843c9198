/**
 * What the Walmart sandbox draws its buyers from: names and US delivery addresses (none real),
 * and the shipping methods Walmart offers, weighted as a marketplace seller sees them.
 */

export const BUYERS = [
  'Kathryn Cole',
  'Marcus Bell',
  'Priya Raman',
  'Daniel Ortiz',
  'Grace Liu',
  'Samuel Greene',
  'Olivia Hart',
  'Tomás Rivera',
  'Hannah Brooks',
  'Ethan Walsh',
  'Aisha Karim',
  'Noah Fischer',
];

export const ADDRESSES = [
  { address1: '1830 Mason St', city: 'San Francisco', state: 'CA', postalCode: '94133' },
  { address1: '415 Elm Ave', address2: 'Apt 2B', city: 'Bentonville', state: 'AR', postalCode: '72712' },
  { address1: '77 Harbor Rd', city: 'Portland', state: 'ME', postalCode: '04101' },
  { address1: '2901 Commerce St', address2: 'Suite 400', city: 'Dallas', state: 'TX', postalCode: '75226' },
  { address1: '16 Willow Ln', city: 'Naperville', state: 'IL', postalCode: '60540' },
  { address1: '908 Peachtree St NE', city: 'Atlanta', state: 'GA', postalCode: '30309' },
  { address1: '5120 Sunset Blvd', city: 'Phoenix', state: 'AZ', postalCode: '85016' },
  { address1: '33 Maple Ct', city: 'Columbus', state: 'OH', postalCode: '43215' },
  { address1: '710 Pine St', address2: 'Unit 12', city: 'Seattle', state: 'WA', postalCode: '98101' },
  { address1: '248 Ocean Pkwy', city: 'Brooklyn', state: 'NY', postalCode: '11218' },
];

/** Seller-fulfilled orders ship by these methods; Express and OneDay carry a shipping charge. */
export const SELLER_METHODS = ['Value', 'Standard', 'Standard', 'Standard', 'Express', 'OneDay'] as const;
/** WFS orders go out two-day standard. */
export const WFS_METHOD = 'Standard';
export const SHIPPING_CHARGE: Record<string, number> = { Express: 7.99, OneDay: 12.99 };
/** A flat sales tax rate for the sandbox's charges. */
export const TAX_RATE = 0.0725;
