/** Which of the two screens a path names: /uploaded-batches/fbm/… (FBM returns) or /fba/… (FBA removals). */
import {
  RETURN_LIST_TYPES,
  RETURN_ROUTE_KIND,
  type ReturnKind,
  type ReturnListType,
} from '../../../domain/schemas/returns';

export type ReturnSegment = keyof typeof RETURN_ROUTE_KIND;

export const segmentOfPath = (pathname: string): ReturnSegment =>
  /\/uploaded-batches\/fba(\/|$)/.test(pathname) ? 'fba' : 'fbm';

export const kindOfSegment = (segment: ReturnSegment): ReturnKind => RETURN_ROUTE_KIND[segment];

export const listTypeOf = (raw: string | undefined): ReturnListType =>
  (RETURN_LIST_TYPES as readonly string[]).includes(raw ?? '') ? (raw as ReturnListType) : 'all';

/** i18n prefix per kind: the screens share their words except the nouns. */
export const nounKey = (segment: ReturnSegment): 'returns.fbm' | 'returns.fba' =>
  segment === 'fbm' ? 'returns.fbm' : 'returns.fba';
