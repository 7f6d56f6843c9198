import { execFileSync } from 'node:child_process';
import { createVerify, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await TestServer.start();
  admin = await s.token('demo.admin');
});
afterAll(async () => s?.close());

const render = async (body: unknown, token = admin) =>
  s.started.app.request('/api/printer/render', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
const fnsku = { fnsku: 'X001ABCDEF', title: 'Stainless steel water bottle, 750 ml, brushed finish', condition: 'New' };

describe('POST /api/printer/render', () => {
  it('renders ZPL at 300 dpi with the label size in dots and the copies', async () => {
    const res = await render({ template: 'fnsku', format: 'zpl', size: '2x1', dpi: 300, copies: 3, data: fnsku });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zpl');
    const zpl = await res.text();
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl).toContain('^PW600');
    expect(zpl).toContain('^LL300');
    expect(zpl).toContain('^PQ3');
  });
  it('renders a PDF whose page is the label size', async () => {
    const res = await render({
      template: 'package',
      format: 'pdf',
      size: '4x6',
      data: {
        accountNumber: 'C1001',
        company: 'Acme Sellers',
        batchName: 'PO-1',
        date: '2026-11-22',
        packageCode: '1Z999AA10123456784',
      },
    });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([288, 432]);
  });
  it('answers field errors with 400, and 401/403 without rights', async () => {
    const bad = await render({
      template: 'fnsku',
      format: 'zpl',
      data: { fnsku: 'short', title: '', condition: 'New' },
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { meta: { error_list: { message: string }[] } };
    expect(body.meta.error_list.map((e) => e.message).join('|')).toMatch(/fnsku.*\|.*title/);
    expect((await render({ template: 'teapot', format: 'zpl', data: {} })).status).toBe(400);
    expect((await render({ template: 'fnsku', format: 'zpl', size: '30up-letter', data: fnsku })).status).toBe(400);
    const anon = await s.started.app.request('/api/printer/render', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(anon.status).toBe(401);
  });
});

describe('QZ Tray signing', () => {
  it('a tenant without a certificate gets a self-signed one on first use, kept and used to sign', async () => {
    const receiver = await s.token('demo.receiver');
    const [first, second] = await Promise.all([
      s.get('/api/printer/qz/certificate', receiver),
      s.get('/api/printer/qz/certificate', admin),
    ]);
    expect(first.status).toBe(200);
    expect(second.body.certificate).toBe(first.body.certificate); // generated once, even when asked twice at once
    const cert = new X509Certificate(first.body.certificate);
    expect(cert.subject).toMatch(/Demo Prep Co/);
    expect(cert.verify(cert.publicKey)).toBe(true); // self-signed
    expect(new Date(cert.validTo).getTime()).toBeGreaterThan(Date.now() + 365 * 86_400_000);
    const signed = await s.post('/api/printer/qz/sign', { request: 'print-job-hash' }, receiver);
    expect(
      createVerify('RSA-SHA512')
        .update('print-job-hash')
        .verify(first.body.certificate, signed.body.signature, 'base64'),
    ).toBe(true);
    // Each tenant has its own; the key is stored sealed.
    const north = await s.get('/api/printer/qz/certificate', await s.token('north.admin'));
    expect(north.status).toBe(200);
    expect(north.body.certificate).not.toBe(first.body.certificate);
    const all = await s.get('/api/common/settings?settingKey=QZ_SIGNING', admin);
    expect(all.body[0].value).not.toContain('PRIVATE KEY');
  });

  it('an uploaded certificate replaces the generated one; a bad upload is 400; requests are signed with its key', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'qz-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=Dockside Test',
        '-days',
        '2',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const certificate = readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    const privateKey = readFileSync(path.join(dir, 'key.pem'), 'utf8');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=Other',
        '-days',
        '2',
        '-keyout',
        path.join(dir, 'k2.pem'),
        '-out',
        path.join(dir, 'c2.pem'),
      ],
      { stdio: 'ignore' },
    );
    const otherKey = readFileSync(path.join(dir, 'k2.pem'), 'utf8');
    expect(
      (await s.put('/api/printer/qz/credentials', { certificate: 'x'.repeat(200), privateKey }, admin)).status,
    ).toBe(400);
    expect((await s.put('/api/printer/qz/credentials', { certificate, privateKey: otherKey }, admin)).status).toBe(400);
    const receiver = await s.token('demo.receiver');
    expect((await s.put('/api/printer/qz/credentials', { certificate, privateKey }, receiver)).status).toBe(403);
    const generated = (await s.get('/api/printer/qz/certificate', receiver)).body.certificate;
    const saved = await s.put('/api/printer/qz/credentials', { certificate, privateKey }, admin);
    expect(saved.status).toBe(200);
    expect(saved.body.subject).toMatch(/Dockside Test/);

    const cert = await s.get('/api/printer/qz/certificate', receiver);
    expect(cert.body.certificate).toBe(certificate.trim());
    expect(cert.body.certificate).not.toBe(generated);
    const signed = await s.post('/api/printer/qz/sign', { request: 'abc123-request-hash' }, receiver);
    const ok = createVerify('RSA-SHA512')
      .update('abc123-request-hash')
      .verify(certificate, signed.body.signature, 'base64');
    expect(ok).toBe(true);
    // The stored setting holds the key sealed, never in clear.
    const all = await s.get('/api/common/settings?settingKey=QZ_SIGNING', admin);
    expect(all.body[0].value).not.toContain('PRIVATE KEY');
    // Another tenant keeps its own.
    const north = await s.get('/api/printer/qz/certificate', await s.token('north.admin'));
    expect(north.body.certificate).not.toBe(certificate.trim());
  });
});

describe('printer administration', () => {
  it('vendors, label stocks and station printers: CRUD, validation, tenant isolation', async () => {
    const v = await s.post('/api/printer/vendors', { name: 'Zebra', model: 'ZD421', dpi: 300 }, admin);
    expect(v.status).toBe(201);
    expect(v.body).toMatchObject({ name: 'Zebra', model: 'ZD421', dpi: 300, language: 'zpl' });
    expect((await s.post('/api/printer/vendors', { name: 'X', model: 'Y', dpi: 600 }, admin)).status).toBe(400);
    const l = await s.post(
      '/api/printer/labels',
      { name: 'FNSKU roll', sizeId: '2.25x1.25', widthIn: 2.25, heightIn: 1.25 },
      admin,
    );
    expect(l.body).toMatchObject({ widthIn: 2.25, heightIn: 1.25, gapIn: 0.125 });
    const p = await s.post(
      '/api/printer/system-data',
      { station: 'Bench 1', printerName: 'ZD421-bench1', vendorId: v.body.id, labelStockId: l.body.id },
      admin,
    );
    expect(p.status).toBe(201);
    expect(
      (await s.put(`/api/printer/vendors/${v.body.id}`, { name: 'Zebra', model: 'ZD621', dpi: 203 }, admin)).body.model,
    ).toBe('ZD621');
    const north = await s.token('north.admin');
    expect((await s.get('/api/printer/vendors', north)).body).toEqual([]);
    expect((await s.del(`/api/printer/vendors/${v.body.id}`, north)).status).toBe(404);
    expect((await s.get('/api/printer/vendors', admin)).body).toHaveLength(1);
    expect(
      (await s.post('/api/printer/vendors', { name: 'Client', model: 'X' }, await s.token('demo.client2'))).status,
    ).toBe(403);
    expect((await s.del(`/api/printer/system-data/${p.body.id}`, admin)).status).toBe(200);
  });
});
