/** Template registry: a validated render request → the device-independent Label. */
import { defaultTemplateSize, type LabelRenderRequest, type LabelSizeId } from '../../domain/schemas/labels.js';
import type { Label } from '../model.js';
import { LABEL_GEOMETRY } from '../sizes.js';
import { boxLabel } from './box.js';
import { fnskuLabel } from './fnsku.js';
import { locationLabel } from './location.js';
import { lpnLabel } from './lpn.js';
import { packageLabel } from './package.js';
import { palletLabel } from './pallet.js';

export { boxLabel, fnskuLabel, locationLabel, lpnLabel, packageLabel, palletLabel };
export { locationHierarchy } from './location.js';

/** The request's size, or the template's default. */
export const requestSize = (req: Pick<LabelRenderRequest, 'template' | 'size'>): LabelSizeId =>
  req.size ?? defaultTemplateSize(req.template);

export function buildLabel(req: LabelRenderRequest): Label {
  const g = LABEL_GEOMETRY[requestSize(req)];
  switch (req.template) {
    case 'fnsku':
      return fnskuLabel(req.data, g);
    case 'package':
      return packageLabel(req.data, g);
    case 'lpn':
      return lpnLabel(req.data, g);
    case 'location':
      return locationLabel(req.data, g);
    case 'box':
      return boxLabel(req.data, g);
    case 'pallet':
      return palletLabel(req.data, g);
  }
}
