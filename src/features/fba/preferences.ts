/** What shapes a client's new plan before it exists (GET …/batch/preferences): its labelling preference. */
import { useQuery } from '@tanstack/react-query';
import { planPreferencesSchema } from '../../../domain/schemas/fba';
import { getAs } from '../../api/typed';
import { keys, PREFERENCES } from './api';

export function usePlanPreferences(companyId: number) {
  return useQuery({
    queryKey: keys.preferences(companyId),
    queryFn: () => getAs(PREFERENCES, planPreferencesSchema, { query: { companyId }, quiet: true, background: true }),
    staleTime: 60_000,
  });
}
