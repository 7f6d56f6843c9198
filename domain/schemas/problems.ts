/** Problem items (spec §3 problem types, status set B, resolutions, damage types). */
import { z } from 'zod';
import type { Audience } from '../enums.js';
import { isIndividualAudience } from '../enums.js';
import { pageSchema } from '../paging.js';

export const PROBLEM_TYPES = [
  'damaged',
  'mispick_misship',
  'alarm_tag',
  'hazmat',
  'dirty_or_used',
  'expiration_date_issue',
  'customer_changed_mind',
  'missing_item',
  'not_delivered',
  'listing_asin_issue',
  'asin_input_error',
  'item_mismatch',
  'missing_item_data_entry',
] as const;
export type ProblemType = (typeof PROBLEM_TYPES)[number];

export const PROBLEM_STATUSES = [
  'none',
  'open',
  'waiting_action_from_customer',
  'waiting_action_from_prep_center',
  'investigating',
  'closed_with_resolution',
  'lost',
  'no_action_taken_closed',
] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];
export const CLOSED_PROBLEM_STATUSES: ProblemStatus[] = ['closed_with_resolution', 'lost', 'no_action_taken_closed'];

export const PROBLEM_RESOLUTIONS = [
  'none',
  'not_resolved_yet',
  'dispose',
  'donate',
  'return_to_customer',
  'return_to_supplier',
  'investigate',
  'reimburse',
  'changed_item_action',
  'use_alternative_asin',
  'data_entered',
  'restock_to_inbound',
  'resolved',
] as const;
export type ProblemResolution = (typeof PROBLEM_RESOLUTIONS)[number];
/** What a client may choose; the rest are the warehouse's own bookkeeping. */
export const CLIENT_RESOLUTIONS: ProblemResolution[] = [
  'dispose',
  'donate',
  'return_to_customer',
  'return_to_supplier',
  'investigate',
  'reimburse',
  'changed_item_action',
  'use_alternative_asin',
  'data_entered',
  'restock_to_inbound',
];

export const DAMAGE_TYPES = [
  'none',
  'broken',
  'dirty_or_used',
  'box_damage',
  'lost_fluid',
  'wet',
  'defective',
] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

/** Each problem records a pending charge: PROBLEM_<TYPE>, with _IND for Individual audiences. */
export function problemChargeCode(type: ProblemType, audience: Audience): string {
  return `PROBLEM_${type.toUpperCase()}${isIndividualAudience(audience) ? '_IND' : ''}`;
}

export const problemCreateSchema = z.object({
  batchId: z.number().int().positive().optional(),
  batchItemId: z.number().int().positive().optional(),
  companyId: z.number().int().positive().optional(),
  type: z.enum(PROBLEM_TYPES),
  quantity: z.number().int().min(1).max(100_000).default(1),
  damageType: z.enum(DAMAGE_TYPES).default('none'),
  code: z.string().trim().max(80).optional(),
  notes: z.string().trim().max(2000).optional(),
});

export const problemUpdateSchema = z.object({
  status: z.enum(PROBLEM_STATUSES).optional(),
  resolution: z.enum(PROBLEM_RESOLUTIONS).optional(),
  note: z.string().trim().min(1).max(2000).optional(),
});

export const problemListQuerySchema = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional(),
  status: z.enum(PROBLEM_STATUSES).optional(),
  type: z.enum(PROBLEM_TYPES).optional(),
  companyId: z.coerce.number().int().positive().optional(),
  open: z.enum(['true', 'false']).optional(),
});

/** A photo taken on the device: a JPEG/PNG data URL, at most ~1.5 MB. */
export const problemPhotoSchema = z.object({
  dataUrl: z
    .string()
    .max(2_000_000, 'photo: at most about 1.5 MB')
    .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/, 'photo: a JPEG, PNG or WebP data URL'),
});

/**
 * A photo of a damaged unit taken on the floor, sent through the outbox after its scan: `scanId`
 * is the id of the item.scan that raised the problem. A floor photo is scaled down on the device
 * (src/features/problems/photo.ts) and must fit one push with room to spare.
 */
export const problemPhotoArgsSchema = z.object({
  id: z.uuid(),
  scanId: z.uuid(),
  dataUrl: z
    .string()
    .max(700_000, 'photo: at most about 500 KB')
    .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/, 'photo: a JPEG, PNG or WebP data URL'),
});
export const problemPhotoResultSchema = z.object({
  problemId: z.number().int().optional(),
  photoId: z.number().int().optional(),
});

// ---- Response bodies ----

export const problemRowSchema = z.object({
  id: z.number().int(),
  type: z.enum(PROBLEM_TYPES),
  status: z.enum(PROBLEM_STATUSES),
  resolution: z.enum(PROBLEM_RESOLUTIONS),
  damageType: z.string(),
  quantity: z.number().int(),
  code: z.string().nullable(),
  companyId: z.number().int(),
  companyName: z.string(),
  itemTitle: z.string().nullable(),
  createdAt: z.string(),
});
export type ProblemRow = z.infer<typeof problemRowSchema>;
export const problemPageSchema = pageSchema(problemRowSchema);

export const problemNoteSchema = z.object({
  at: z.string(),
  userId: z.number().int(),
  author: z.string(),
  text: z.string(),
});
export const problemDetailSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  batchId: z.number().int().nullable(),
  batchItemId: z.number().int().nullable(),
  type: z.enum(PROBLEM_TYPES),
  status: z.enum(PROBLEM_STATUSES),
  resolution: z.enum(PROBLEM_RESOLUTIONS),
  damageType: z.string(),
  quantity: z.number().int(),
  code: z.string().nullable(),
  notes: z.array(problemNoteSchema),
  chargeCode: z.string(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  companyName: z.string(),
  accountNo: z.string().nullable(),
  itemTitle: z.string().nullable(),
  batchName: z.string().nullable(),
  photos: z.array(z.object({ id: z.number().int(), contentType: z.string() })),
});
export type ProblemDetailBody = z.infer<typeof problemDetailSchema>;
