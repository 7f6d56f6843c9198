/** What the user may do with plans (the server's 'fba' right guards the same): read-only users see no buttons. */
import { mayOpen } from '../../app/guard';

export const mayCreatePlans = (): boolean => mayOpen({ resource: 'fba', action: 'create' });
export const mayChangePlans = (): boolean => mayOpen({ resource: 'fba', action: 'update' });
