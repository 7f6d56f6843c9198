/**
 * The fix for "Amazon knows no prep category for this SKU": choose one and send it to Amazon
 * (POST …/prep-details, setPrepDetails). The prep Amazon will ask for follows the category and is
 * shown before sending; the pre-check then says Amazon is applying it until its operation is done.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prepTypesFor } from '../../../domain/rules/prep';
import {
  prepDetailsSentSchema,
  SETTABLE_PREP_CATEGORIES,
  type SettablePrepCategory,
} from '../../../domain/schemas/fba-prep';
import { postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import { failureText, keys, planPath } from './api';

export function PrepCategoryFix({ planId, msku }: { planId: number; msku: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const [category, setCategory] = useState<SettablePrepCategory | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    if (!category) return;
    setBusy(true);
    setError(null);
    try {
      await postAs(
        `${planPath(planId)}/prep-details`,
        { items: [{ msku, prepCategory: category }] },
        prepDetailsSentSchema,
        {
          quiet: true,
        },
      );
      toast('success', t('fba.precheck.categorySent'));
      await Promise.all([
        qc.invalidateQueries({ queryKey: keys.precheck(planId) }),
        qc.invalidateQueries({ queryKey: keys.plan(planId) }),
      ]);
    } catch (err) {
      setError(failureText(err));
    } finally {
      setBusy(false);
    }
  }

  const id = `prep-category-${msku}`;
  return (
    <span className="inline-form" data-testid="fba-prep-fix" data-msku={msku}>
      <label htmlFor={id}>{t('fba.precheck.prepCategory')}</label>{' '}
      <select
        id={id}
        name="prepCategory"
        value={category}
        disabled={busy}
        onChange={(e) => setCategory(e.target.value as SettablePrepCategory | '')}
      >
        <option value="">{t('fba.precheck.chooseCategory')}</option>
        {SETTABLE_PREP_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {t(`fba.precheck.categories.${c}`)}
          </option>
        ))}
      </select>{' '}
      {category && (
        <span className="muted" data-testid="fba-prep-fix-types">
          {t('fba.precheck.prepWillBe', {
            types: prepTypesFor(category)
              .map((type) => t(`fba.prepTypes.${type}`))
              .join(', '),
          })}
        </span>
      )}{' '}
      <button type="button" className="btn small" disabled={!category || busy} onClick={() => void send()}>
        {busy ? t('fba.precheck.sendingCategory') : t('fba.precheck.sendCategory')}
      </button>
      {error && (
        <span className="form-error" role="alert">
          {' '}
          {error}
        </span>
      )}
    </span>
  );
}
