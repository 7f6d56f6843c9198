import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseTrackingNumber as norm } from '../../domain/rules/tracking-number.js';

describe('normaliseTrackingNumber', () => {
  it('trims and upper-cases (carrier numbers are case-insensitive)', () => {
    expect(norm('  1z999aa10123456784\t\n')).toBe('1Z999AA10123456784');
    expect(norm(' tba304958671000 ')).toBe('TBA304958671000');
    expect(norm('   ')).toBe('');
  });

  it('rule 1: keeps UPS 1Z, Amazon TBA and USPS 92/93/94 numbers as they are', () => {
    expect(norm('1Z999AA10123456784')).toBe('1Z999AA10123456784'); // UPS, 18
    expect(norm('TBA304958671000')).toBe('TBA304958671000'); // Amazon Logistics
    expect(norm('9205590164917312751089')).toBe('9205590164917312751089'); // USPS Priority, 22
    expect(norm('9361289878700317633795')).toBe('9361289878700317633795'); // USPS Certified, 22
    expect(norm('9400111899223197428490')).toBe('9400111899223197428490'); // USPS tracking, 22
    // An IMpb number already stripped of its 420+ZIP prefix starts with 92: rule 1 keeps it.
    expect(norm('9261290100130435082678')).toBe('9261290100130435082678');
  });

  it('rule 2: drops the "420"+ZIP prefix of a USPS GS1-128 scan (9261 at characters 8–11)', () => {
    // 420 + ZIP 90210 + USPS IMpb 9261 2901 0013 0435 0826 78
    expect(norm('420902109261290100130435082678')).toBe('9261290100130435082678');
    expect(norm('420100019261299991234567890123')).toBe('9261299991234567890123');
    // 16 characters: longer than 15, so the rule applies.
    expect(norm('4209021092611234')).toBe('92611234');
  });

  it('rule 2 needs more than 15 characters and 9261 exactly at characters 8–11', () => {
    expect(norm('420902109261123')).toBe('420902109261123'); // 15 characters
    expect(norm('4209021099261290100130435082678')).toBe('4209021099261290100130435082678'); // 9261 at 9
    // 420 + ZIP+4 puts the tracking number at 12: rule 2 does not apply, length 31 keeps it whole.
    expect(norm('4209021012349261290100130435082')).toBe('4209021012349261290100130435082');
  });

  it('rule 3: a value of length 22, 32 or 34 becomes its last 12 characters', () => {
    // FedEx Ground "96" barcode, 22 digits → the 12-digit tracking number at its end.
    expect(norm('9612019012345678912345')).toBe('345678912345');
    // FedEx 1D barcode, 34 digits: the tracking number is its last 12.
    expect(norm('1001901781990001000300617767839437')).toBe('617767839437');
    expect(norm('10019017819900010003006177678394')).toBe('006177678394'); // 32
    expect(norm('A'.repeat(21))).toBe('A'.repeat(21));
    expect(norm('A'.repeat(23))).toBe('A'.repeat(23));
    expect(norm('A'.repeat(33))).toBe('A'.repeat(33));
  });

  it('rule 4: anything else is the trimmed value', () => {
    expect(norm('1234567890')).toBe('1234567890'); // DHL Express, 10
    expect(norm('449044304137821')).toBe('449044304137821'); // FedEx Ground, 15
    expect(norm('LZ123456789US')).toBe('LZ123456789US'); // UPU S10
    expect(norm('123456789012')).toBe('123456789012'); // FedEx Express, 12
  });

  it('precedence: the first rule that applies decides', () => {
    // A kept prefix wins over rule 3 (22 characters) and over rule 2 (9261 at 8).
    expect(norm('9400111899223197428490')).toHaveLength(22);
    expect(norm('92001234926112345678')).toBe('92001234926112345678');
    expect(norm('1Z0000009261AAAAAAAAAAAAAAAAAAAAAA')).toHaveLength(34);
    // Rule 2 wins over rule 3: 22 characters with 9261 at 8 drops 8, not 10.
    expect(norm('4209021092612345678901')).toBe('92612345678901');
    // 34 characters with 9261 at 8: rule 2.
    expect(norm('4209021092612901001304350826781234')).toBe('92612901001304350826781234');
    // Trimming happens before the length test: 34 characters plus spaces is still 34.
    expect(norm('  1001901781990001000300617767839437  ')).toBe('617767839437');
  });

  it('is idempotent, so the server may normalise an already-normalised number again', () => {
    const chars = fc.constantFrom(...'0123456789ABZTzt '.split(''));
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 40 }).map((a) => a.join('')),
        (s) => norm(norm(s)) === norm(s),
      ),
      { numRuns: 2000 },
    );
  });
});
