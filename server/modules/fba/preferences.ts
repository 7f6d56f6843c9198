/**
 * A client's settings that shape its FBA plans: the labelling preference (who labels units by
 * default; spec "labeling preference", stored as the COMPANY setting FBA_LABELING_PREFERENCE).
 * A missing or unreadable value is the prep centre's usual arrangement: the seller labels.
 */
import { and, eq } from 'drizzle-orm';
import { LABELING_PREFERENCES, type LabelingPreference } from '../../../domain/schemas/fba.js';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

export async function labelingPreferenceOf(
  tx: DbOrTx,
  tenantId: number,
  companyId: number,
): Promise<LabelingPreference> {
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(
      and(
        eq(settings.tenantId, tenantId),
        eq(settings.referenceType, 'COMPANY'),
        eq(settings.referenceId, companyId),
        eq(settings.settingKey, 'FBA_LABELING_PREFERENCE'),
      ),
    );
  let value: unknown;
  try {
    value = row ? JSON.parse(row.value) : undefined;
  } catch {
    value = row?.value;
  }
  return LABELING_PREFERENCES.includes(value as LabelingPreference) ? (value as LabelingPreference) : 'SELLER_LABEL';
}
