/** `npm run bench`: every benchmark in turn; each prints its figures and ratios. Pick with BENCH=name,name. */
import { benchServer } from './server.js';
import { benchSyncPush } from './sync-push.js';
import { benchItemPush } from './item-push.js';
import { benchPull } from './sync-pull.js';
import { benchDockBrowser } from './dock-browser.js';
import { benchItemScanBrowser } from './item-scan-browser.js';
import { benchLabels } from './labels.js';
import { benchFbaLabels } from './fba-labels.js';
import { benchInventory } from './inventory.js';
import { benchMoveBrowser } from './move-browser.js';
import { benchLighthouse, benchWeb } from './web.js';
import { benchIntegrations } from './integrations.js';
import { benchListings } from './listings.js';
import { benchOrders } from './orders.js';
import { benchInvoices } from './invoices.js';
import { benchBenchScan } from './bench-scan.js';
import { benchStorage } from './storage.js';
import { benchWfsBoxes } from './wfs-boxes.js';
import { benchFbmReserve } from './fbm-reserve.js';
import { benchFbmPickFloor } from './fbm-pick-floor.js';
import { benchFbmLabels } from './fbm-labels.js';
import { benchFbmImport } from './fbm-import.js';
import { benchFbmShip } from './fbm-ship.js';
import { benchLeaderBoard } from './leader-board.js';
import { benchReconciliation } from './reconciliation.js';

const suites: Record<string, () => Promise<void>> = {
  server: benchServer,
  'sync-push': benchSyncPush,
  'item-push': benchItemPush,
  'sync-pull': benchPull,
  dock: benchDockBrowser,
  'item-scan': benchItemScanBrowser,
  labels: benchLabels,
  'fba-labels': benchFbaLabels,
  inventory: benchInventory,
  move: benchMoveBrowser,
  integrations: benchIntegrations,
  listings: benchListings,
  orders: benchOrders,
  invoices: benchInvoices,
  'bench-scan': benchBenchScan,
  storage: benchStorage,
  'wfs-boxes': benchWfsBoxes,
  'fbm-reserve': benchFbmReserve,
  'fbm-pick-floor': benchFbmPickFloor,
  'fbm-labels': benchFbmLabels,
  'fbm-import': benchFbmImport,
  'fbm-ship': benchFbmShip,
  'leader-board': benchLeaderBoard,
  reconciliation: benchReconciliation,
  web: benchWeb,
  lighthouse: benchLighthouse,
};

const only = process.env.BENCH?.split(',').map((s) => s.trim());
for (const [name, run] of Object.entries(suites)) {
  if (only && !only.includes(name)) continue;
  await run();
}
process.exit(0);
