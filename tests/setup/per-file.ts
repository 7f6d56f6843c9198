/**
 * Runs before every test file of the server project, which shares its modules across the files a
 * worker runs (vitest.config.ts): what one file set on a module for its tests is put back first.
 */
import { clientOverrides } from '../../server/modules/stores/connection.js';

for (const key of Object.keys(clientOverrides) as (keyof typeof clientOverrides)[]) delete clientOverrides[key];
