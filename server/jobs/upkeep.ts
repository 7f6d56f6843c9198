/** `db.upkeep`, hourly (cron in catalogue.ts): VACUUM (ANALYZE) of the embedded database. */
import type { Database } from '../db/client.js';
import { vacuumDatabase } from '../db/statistics.js';
import type { JobQueue } from './queue.js';

export function registerUpkeep(queue: JobQueue, database: Database): void {
  // Idempotent by nature: vacuuming twice only costs time.
  queue.work('db.upkeep', async () => vacuumDatabase(database));
}
