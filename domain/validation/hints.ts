/**
 * What a field must look like, where zod cannot say it by itself (a code's pattern, a time zone):
 * the English words, which are also the English locale's `validation.hints` (issue 41). A schema
 * names a hint by its key (`hint('code40')`); the refusal is said in the reader's language.
 */
export const HINTS = {
  code40: '1–40 letters, digits or - . / _',
  locationPrefix: 'up to 8 letters or digits',
  siteCode: '1–20 letters, digits or dashes',
  productCode: '3–60 letters, digits or - . / _',
  tenDigitsOrLetters: '10 letters or digits',
  upc: '8 to 14 digits (UPC, EAN or GTIN)',
  gtin: 'a UPC, EAN or GTIN has 8, 12, 13 or 14 digits and a right check digit',
  upcCheckDigit: 'wrong check digit',
  countryCode: 'two letters (ISO 3166)',
  phone: 'digits, spaces and + ( ) . - only',
  username: '3–100 letters, digits, dots, dashes, @',
  tenantKey: '3–32 lower-case letters, digits or dashes',
  mfaCode: '6 digits',
  timezone: 'an IANA time zone such as America/New_York',
  stateRequired: 'the state or province is required for an address in {{country}}',
  inactiveDefaultSite: 'an inactive site cannot be the default ship-from',
  levelLettersOrNumbers: 'from and to are both single letters or both numbers',
  levelOrder: '“from” comes after “to”',
} as const;
export type HintKey = keyof typeof HINTS;
