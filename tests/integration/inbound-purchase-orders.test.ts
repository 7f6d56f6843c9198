import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { TestServer } from '../helpers/server.js';
import { batchItems, inboundBatches } from '../../server/db/schema/index.js';

let s: TestServer;
let client: string;
beforeAll(async () => {
  s = await TestServer.start();
  client = await s.token('demo.client');
});
afterAll(async () => s?.close());

async function upload(csv: string, query: string, token = client) {
  const form = new FormData();
  form.set('file', new File([csv], 'po.csv', { type: 'text/csv' }));
  const res = await s.started.app.request(`/api/ship/csv-upload?${query}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, ...((await res.json()) as { body: any; meta: any }) };
}

const header = 'title,asin,fnsku,msku,upc,quantity,pack_size,cost,supplier,item_action,ship_to_country,tracking_number';

describe('CSV upload', () => {
  it('serves a template that itself validates', async () => {
    const res = await s.started.app.request('/api/ship/csv-upload/template', {
      headers: { authorization: `Bearer ${client}` },
    });
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const template = await res.text();
    const check = await upload(template, 'batch_name=TEMPLATE&validateOnly=true');
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ valid: true, stored: false, rows: 2, items: 2, trackingNumbers: 2 });
  });

  it('counts a package listed on two rows once, as the batch stores it', async () => {
    const csv = [
      header,
      'Mug,B07XJ8C8F5,,,,2,,,,fba_prep,US,1Z999AA10123456784',
      'Kettle,,,KETTLE-TWO,,3,,,,fba_prep,US,1z999aa10123456784',
    ].join('\n');
    const check = await upload(csv, 'batch_name=ONE-PACKAGE&validateOnly=true');
    expect(check.status, JSON.stringify(check.meta)).toBe(200);
    expect(check.body).toMatchObject({ rows: 2, items: 2, trackingNumbers: 1 });
    const stored = await upload(csv, 'batch_name=ONE-PACKAGE');
    expect(stored.body).toMatchObject({ stored: true, trackingNumbers: 1 });
    expect(stored.body.batch.trackingNumbers).toHaveLength(1);
  });

  it('reports every bad row and stores nothing', async () => {
    const csv = [
      header,
      'Good item,B07XJ8C8F5,X001ABCDEF,,,24,12,8.50,Acme,fba_prep,US,1Z999AA10123456784',
      'No code at all,,,,,5,,,,,,',
      'Bad qty,B07XJ8C8F5,,,,zero,,,,,,',
      'Bad action,,,SKU-1,,3,,,,teleport,,',
      ',,,,,,,,,,,X',
    ].join('\n');
    const res = await upload(csv, 'batch_name=BAD-PO');
    expect(res.status).toBe(400);
    const messages = res.meta.error_list.map((e: any) => e.message);
    // Rows as a spreadsheet numbers them (the header is row 1), in the file's own column names.
    expect(messages).toEqual([
      'Row 3: Give at least one product code: asin, fnsku, msku or upc',
      'Row 4: quantity zero is not a whole number',
      'Row 5: item_action teleport is not one of fba_prep, wfs_prep, fbm, storage',
      'Row 6: Tracking number X must have 4 to 80 characters',
    ]);
    // The same issues with codes in the body, for the screen to say in the user's language.
    expect(res.body.issues.map((i: { row: number; code: string }) => [i.row, i.code])).toEqual([
      [3, 'needs_code'],
      [4, 'whole_number'],
      [5, 'choice'],
      [6, 'tracking_number'],
    ]);
    const [{ n }] = await s.db
      .select({ n: count() })
      .from(inboundBatches)
      .where(eq(inboundBatches.batchName, 'BAD-PO'));
    expect(Number(n)).toBe(0);
  });

  it('a malformed row and a wrong check digit are reported with every other row’s problems', async () => {
    const csv = [
      header,
      'Short row,B07XJ8C8F5,X001ABCDEF',
      'Bad GTIN,,,,0840123456789,5,,,,,,',
      'Good GTIN,,,,0840123456786,5,,,,,,',
      'Bad qty,,,SKU-9,,0,,,,,,',
    ].join('\n');
    const res = await upload(csv, 'batch_name=MIXED-PO&validateOnly=true');
    expect(res.status).toBe(400);
    expect(res.meta.error_list.map((e: any) => e.message)).toEqual([
      'Row 2: This row has 3 values where the header has 12 columns',
      'Row 3: UPC 0840123456789 has a wrong check digit',
      'Row 5: quantity must be at least 1',
    ]);
  });

  it('the template passes its own check', async () => {
    const template = await s.started.app.request('/api/ship/csv-upload/template', {
      headers: { authorization: `Bearer ${client}` },
    });
    const check = await upload(await template.text(), 'batch_name=TEMPLATE&validateOnly=true');
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ valid: true, stored: false, rows: 2 });
  });

  it('rejects files without the required columns or with unknown ones', async () => {
    const res = await upload('name,qty\nfoo,1', 'batch_name=X');
    expect(res.status).toBe(400);
    expect(res.meta.error_list.map((e: any) => e.message).join(' ')).toMatch(
      /"title".*"quantity".*Unknown columns: name, qty/,
    );
    const noFile = await s.started.app.request('/api/ship/csv-upload?batch_name=X', {
      method: 'POST',
      body: new FormData(),
      headers: { authorization: `Bearer ${client}` },
    });
    expect(noFile.status).toBe(400);
  });

  it('stores a valid file as one batch with items and tracking numbers', async () => {
    const csv = [
      header,
      'Water bottle,B07XJ8C8F5,X001ABCDEF,WB-1,0840123456786,24,12,8.50,Acme,fba_prep,,1Z999AA10123456784;TBA123456789000',
      'Board,,,CB-1,,10,,12,Acme,storage,,',
    ].join('\r\n');
    const res = await upload(csv, 'batch_name=PO-CSV-1&ecommerce_store=Amazon US&shipToCountryCode=US');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ stored: true, items: 2, trackingNumbers: 2 });
    const batch = res.body.batch;
    expect(batch).toMatchObject({ batchName: 'PO-CSV-1', storeName: 'Amazon US', shipToCountryCode: 'US' });
    expect(
      batch.items.map((i: any) => [i.title, i.expectedQty, i.packSize, i.costCents, i.itemAction, i.shipToCountryCode]),
    ).toEqual([
      ['Water bottle', 24, 12, 850, 'fba_prep', 'US'],
      ['Board', 10, 1, 1200, 'storage', 'US'],
    ]);
    expect(batch.trackingNumbers.map((t: any) => t.normalized)).toEqual(['1Z999AA10123456784', 'TBA123456789000']);
    // A second upload with the same batch name conflicts and adds nothing.
    const again = await upload(csv, 'batch_name=PO-CSV-1');
    expect(again.status).toBe(409);
    const [{ n }] = await s.db.select({ n: count() }).from(batchItems).where(eq(batchItems.batchId, batch.id));
    expect(Number(n)).toBe(2);
  });
});

describe('batch workspace: items and tracking until receiving starts', () => {
  it('adds, edits and removes items and tracking numbers; a stranger gets 404', async () => {
    const b = await s.post(
      '/api/ship/batch',
      { batchName: 'WS-1', items: [{ title: 'Mug', msku: 'MUG-1', expectedQty: 6 }] },
      client,
    );
    expect(b.status).toBe(201);
    const id = b.body.id;
    const added = await s.post(
      `/api/ship/batch/${id}/items`,
      { title: 'Plate', upc: '4006381333931', expectedQty: 12, packSize: 6 },
      client,
    );
    expect(added.body.items).toHaveLength(2);
    const plate = added.body.items[1];
    const edited = await s.put(
      `/api/ship/batch/${id}/items/${plate.id}`,
      { title: 'Plate, white', upc: '4006381333931', expectedQty: 18, packSize: 6 },
      client,
    );
    expect(edited.body.items[1]).toMatchObject({ title: 'Plate, white', expectedQty: 18 });
    expect((await s.post(`/api/ship/batch/${id}/items`, { title: 'No code', expectedQty: 1 }, client)).status).toBe(
      400,
    );
    const tr = await s.post(
      `/api/ship/batch/${id}/tracking`,
      { trackingNumbers: ['WS1-TRACK-01', 'ws1-track-01'] },
      client,
    );
    expect(tr.body.trackingNumbers).toHaveLength(1);
    const other = await s.token('demo.client2');
    expect((await s.post(`/api/ship/batch/${id}/items`, { title: 'X', msku: 'X', expectedQty: 1 }, other)).status).toBe(
      404,
    );
    expect((await s.del(`/api/ship/batch/${id}/items/${plate.id}`, client)).body.items).toHaveLength(1);
    expect(
      (await s.del(`/api/ship/batch/${id}/tracking/${tr.body.trackingNumbers[0].id}`, client)).body.trackingNumbers,
    ).toHaveLength(0);
  });

  it('refuses edits once a package of the batch was delivered (412)', async () => {
    const b = await s.post(
      '/api/ship/batch',
      {
        batchName: 'WS-2',
        trackingNumbers: ['WS2-TRACK-01'],
        items: [{ title: 'Lamp', msku: 'LAMP', expectedQty: 2 }],
      },
      client,
    );
    const receiver = await s.token('demo.receiver');
    const me = await s.get('/api/users/current-user', client);
    const rb = crypto.randomUUID();
    await s.post('/api/inbound/package-receive-batch', { id: rb, companyId: me.body.companyId }, receiver);
    expect(
      (
        await s.post(
          '/api/inbound/package-scan',
          { id: crypto.randomUUID(), batchId: rb, trackingNumber: 'WS2-TRACK-01', scannedAt: new Date().toISOString() },
          receiver,
        )
      ).body.matchStatus,
    ).toBe('matched');
    const res = await s.post(
      `/api/ship/batch/${b.body.id}/items`,
      { title: 'Late', msku: 'LATE', expectedQty: 1 },
      client,
    );
    expect(res.status).toBe(412);
    expect(res.meta.error_list[0].message).toMatch(/Receiving of this batch has started/);
  });
});

describe('purchase-order lists: stage and workflow', () => {
  it('a batch is open until a package arrives, receiving until all is counted; lists filter by stage and item workflow, per client', async () => {
    const a = await s.post(
      '/api/ship/batch',
      {
        batchName: 'ST-FBA',
        trackingNumbers: ['STFBA-TRACK-1'],
        items: [{ title: 'Kettle', msku: 'KETTLE', expectedQty: 1, itemAction: 'fba_prep' }],
      },
      client,
    );
    const b = await s.post(
      '/api/ship/batch',
      { batchName: 'ST-STORE', items: [{ title: 'Rug', msku: 'RUG', expectedQty: 3, itemAction: 'storage' }] },
      client,
    );
    expect(a.body).toMatchObject({ stage: 'open', editable: true });
    expect(b.body).toMatchObject({ stage: 'open', editable: true });
    const list = async (query: string, token = client) =>
      (await s.get(`/api/ship/batch?pageSize=100&q=ST-&${query}`, token)).body.content
        .map((r: { batchName: string }) => r.batchName)
        .sort();
    expect(await list('')).toEqual(['ST-FBA', 'ST-STORE']);
    expect(await list('itemAction=storage')).toEqual(['ST-STORE']);

    const receiver = await s.token('demo.receiver');
    const me = await s.get('/api/users/current-user', client);
    const rb = crypto.randomUUID();
    await s.post('/api/inbound/package-receive-batch', { id: rb, companyId: me.body.companyId }, receiver);
    await s.post(
      '/api/inbound/package-scan',
      { id: crypto.randomUUID(), batchId: rb, trackingNumber: 'STFBA-TRACK-1', scannedAt: new Date().toISOString() },
      receiver,
    );
    expect((await s.get(`/api/ship/batch/${a.body.id}`, client)).body).toMatchObject({
      stage: 'receiving',
      editable: false,
    });
    expect(await list('stage=open')).toEqual(['ST-STORE']);
    expect(await list('stage=receiving')).toEqual(['ST-FBA']);

    await s.post(
      '/api/inbound/item-scan',
      { id: crypto.randomUUID(), batchId: a.body.id, code: 'KETTLE', scannedAt: new Date().toISOString() },
      receiver,
    );
    expect(await list('stage=received')).toEqual(['ST-FBA']);
    const row = (await s.get('/api/ship/batch?q=ST-FBA', client)).body.content[0];
    expect(row).toMatchObject({
      stage: 'received',
      packages: 1,
      delivered: 1,
      items: 1,
      expectedUnits: 1,
      receivedUnits: 1,
    });

    // Another client's user sees none of them; a bad stage is a 400.
    expect(await list('', await s.token('demo.client2'))).toEqual([]);
    expect((await s.get('/api/ship/batch?stage=done', client)).status).toBe(400);
  });
});

describe('bundle query: purchase-order lines across batches', () => {
  it('filters by pack type, title, UPC, ASIN, account and batch; clients see only their own', async () => {
    await s.post(
      '/api/ship/batch',
      {
        batchName: 'BQ-1',
        items: [
          { title: 'Glass tumbler', asin: 'B0BQTUMBL1', upc: '4006381333931', expectedQty: 12, packSize: 6 },
          { title: 'Glass carafe', msku: 'BQ-CARAFE', expectedQty: 2 },
        ],
      },
      client,
    );
    const titles = async (query: string, token = client) =>
      (await s.get(`/api/ship/bundle?pageSize=100&${query}`, token)).body.content
        .map((r: { title: string }) => r.title)
        .sort();
    expect(await titles('title=glass')).toEqual(['Glass carafe', 'Glass tumbler']);
    expect(await titles('title=glass&packType=case_packed')).toEqual(['Glass tumbler']);
    expect(await titles('title=glass&packType=individual')).toEqual(['Glass carafe']);
    expect(await titles('upc=4006381333931&title=tumbler')).toEqual(['Glass tumbler']);
    expect(await titles('asin=b0bqtumbl1')).toEqual(['Glass tumbler']);
    const me = await s.get('/api/users/current-user', client);
    const admin = await s.token('demo.admin');
    expect(await titles(`accountNo=${encodeURIComponent(me.body.accountNo)}&title=glass`, admin)).toEqual([
      'Glass carafe',
      'Glass tumbler',
    ]);
    expect(await titles('accountNo=NOPE-0000&title=glass', admin)).toEqual([]);
    expect(await titles('title=glass', await s.token('demo.client2'))).toEqual([]);
    expect((await s.get('/api/ship/bundle?packType=crate', client)).status).toBe(400);
  });
});

describe('CSV upload with receiveInventory', () => {
  it('the warehouse uploads stock already on hand: every item is received in full into RECEIVING; a client may not', async () => {
    const csv = `${header}\nDesk lamp,,,LAMP-ON-HAND,,5,1,,,storage,,\nLamp shade,,,SHADE-ON-HAND,,2,1,,,storage,,\n`;
    const refused = await upload(csv, 'batch_name=ON-HAND-C&receiveInventory=true');
    expect(refused.status).toBe(403);
    expect((await s.get('/api/ship/batch?q=ON-HAND-C', client)).body.totalElements).toBe(0);

    const me = await s.get('/api/users/current-user', client);
    const admin = await s.token('demo.admin');
    const res = await upload(csv, `batch_name=ON-HAND-W&receiveInventory=true&companyId=${me.body.companyId}`, admin);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ received: true, items: 2 });
    expect(res.body.batch.stage).toBe('received');
    expect(res.body.batch.items.map((i: { receivedQty: number; status: string }) => [i.receivedQty, i.status])).toEqual(
      [
        [5, 'received'],
        [2, 'received'],
      ],
    );
    const sorted = await s.post(
      '/api/inbound/sort-item',
      {
        id: crypto.randomUUID(),
        batchItemId: res.body.batch.items[0].id,
        quantity: 5,
        location: 'B-9-9',
        sortedAt: new Date().toISOString(),
      },
      admin,
    );
    expect(sorted.status).toBe(201);
    expect(sorted.body).toMatchObject({ remaining: 0, status: 'stored' });
  });
});

describe('CSV upload into the product catalogue', () => {
  it('listItems lists new items beside the purchase order; createOnlyListings lists them without one; known codes are not listed twice', async () => {
    const csv = `${header}\nTea tin,,X00TEATIN1,TEA-TIN,,6,1,,,storage,,\nTea box,,,TEA-BOX,,4,6,,,storage,,\n`;
    const withPo = await upload(csv, 'batch_name=LIST-1&listItems=true');
    expect(withPo.status).toBe(201);
    expect(withPo.body).toMatchObject({ stored: true, listed: { created: 2, existing: 0 } });
    expect(withPo.body.batch.items).toHaveLength(2);
    const catalogue = await s.get('/api/product/products?q=tea&pageSize=50', client);
    expect(
      catalogue.body.content
        .map((p: { title: string; packing: string; packSize: number }) => [p.title, p.packing, p.packSize])
        .sort(),
    ).toEqual([
      ['Tea box', 'case_packed', 6],
      ['Tea tin', 'individual', 1],
    ]);

    const only = await upload(
      `${header}\nTea tin again,,,TEA-TIN,,1,,,,,,\nTea cup,,,TEA-CUP,,1,,,,,,\n`,
      'createOnlyListings=true',
    );
    expect(only.status).toBe(201);
    expect(only.body).toMatchObject({ stored: true, batch: null, listed: { created: 1, existing: 1 } });
    expect((await s.get('/api/ship/batch?q=Tea&pageSize=50', client)).body.totalElements).toBe(0);
    expect((await s.get('/api/product/products?q=tea&pageSize=50', client)).body.totalElements).toBe(3);
    // Without a batch name only listings can be made; listings cannot be received.
    expect((await upload(csv, 'listItems=true')).status).toBe(400);
    const admin = await s.token('demo.admin');
    const me = await s.get('/api/users/current-user', client);
    expect(
      (await upload(csv, `createOnlyListings=true&receiveInventory=true&companyId=${me.body.companyId}`, admin)).status,
    ).toBe(400);
    // A bad row stores nothing, in the catalogue either.
    expect(
      (await upload(`${header}\nGood,,,TEA-NEW,,1,,,,,,\nBad,,,,,1,,,,,,\n`, 'createOnlyListings=true')).status,
    ).toBe(400);
    expect((await s.get('/api/product/products?q=TEA-NEW', client)).body.totalElements).toBe(0);
  });
});
