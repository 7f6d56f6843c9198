/** What the user may do with WFS plans (the server's 'wfs' right guards the same). */
import { mayOpen } from '../../app/guard';

export const mayCreateWfs = (): boolean => mayOpen({ resource: 'wfs', action: 'create' });
export const mayChangeWfs = (): boolean => mayOpen({ resource: 'wfs', action: 'update' });
