/** A plan's boxes as the desk sees them (GET …/box?planId=): contents, what Amazon would refuse, lines left. */
import { useQuery } from '@tanstack/react-query';
import { boxTreeSchema } from '../../../domain/schemas/bench';
import { getAs } from '../../api/typed';
import { BOX_TREE, keys } from './api';

/** Read again whenever the plan changes (`version`: its updatedAt), since a step moves boxes on. */
export function useBoxTree(planId: number, version: string) {
  return useQuery({
    queryKey: [...keys.boxTree(planId), version],
    queryFn: () => getAs(BOX_TREE, boxTreeSchema, { query: { planId }, quiet: true, background: true }),
    retry: false,
  });
}
