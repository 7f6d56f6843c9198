/** Every job's handler, registered on the queue (one file per job). */
import type { Deps } from '../context.js';
import type { Database } from '../db/client.js';
import { registerCheckoutExpiry } from './checkout-expiry.js';
import type { JobQueue } from './queue.js';
import { registerReturnJobs } from './returns.js';
import { registerStoreJobs } from './store-pulls.js';
import { registerUpkeep } from './upkeep.js';

export function registerJobs(queue: JobQueue, database: Database, deps: Deps): void {
  registerUpkeep(queue, database);
  registerStoreJobs(queue, deps);
  registerReturnJobs(queue, deps);
  registerCheckoutExpiry(queue, deps);
}
