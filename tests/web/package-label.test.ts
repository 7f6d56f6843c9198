// @vitest-environment jsdom
/** The dock's package label: built from the scan, valid for the template, rendered at the label size. */
import { describe, expect, it } from 'vitest';
import { renderLabel } from '../../printing/render';
import { packageLabelData } from '../../src/features/inbound/dock/package-label';

describe('dock package label', () => {
  const input = {
    code: ' 1z999aa10123456784 ',
    accountNo: 'AC-0042',
    companyName: 'Acme Sellers',
    receiveBatchId: '5ae395e2-8521-4bb8-8ad9-d89ae32658dc',
  };

  it('carries the package code, the client and the receive batch', () => {
    expect(packageLabelData(input, new Date('2026-11-22T10:00:00Z'))).toEqual({
      packageCode: '1Z999AA10123456784',
      accountNumber: 'AC-0042',
      company: 'Acme Sellers',
      batchName: 'Dock 5AE395E2',
      date: '2026-11-22',
    });
  });

  it('renders as ZPL on the 4×3 package label at 203 dpi', async () => {
    const zpl = (await renderLabel({ template: 'package', format: 'zpl', data: packageLabelData(input) }))
      .data as string;
    expect(zpl).toMatch(/^\^XA/);
    expect(zpl).toContain('^PW812'); // 4 in × 203 dpi
    expect(zpl).toContain('1Z999AA10123456784');
    expect(zpl).toContain('Acme Sellers');
  });
});
