/** The `marketplace.poll-operation` job: one check of one operation (service.ts says how). */
import { ApiError } from '../../http/errors.js';
import { provideJob } from '../../jobs/store-pulls.js';
import { checkOperation } from './service.js';

export function provideOperationPoll(): void {
  provideJob('marketplace.poll-operation', async (data, _job, deps) => {
    try {
      return await checkOperation(deps, data);
    } catch (err) {
      // The store's credentials were refused: it waits for the seller to reconnect, unpolled.
      if (err instanceof ApiError && err.status === 412)
        return { operationId: data.operation, skipped: err.messages.join('; ') };
      throw err;
    }
  });
}
