/** Walmart asked where the lines would go: the day the boxes should arrive, checked before it is sent. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WfsPlanDetail } from '../../../../domain/schemas/wfs';
import { Refusal } from '../../fba/steps/Refusal';
import { useWfsAction } from '../api';
import { checkDeliveryDate, defaultDeliveryDate } from '../dates';
import { DateField } from '../../../ui/DateField';

export function PreviewForm({ plan }: { plan: WfsPlanDetail }) {
  const { t } = useTranslation();
  const action = useWfsAction(plan.id);
  const [day, setDay] = useState(
    () => plan.preview?.expectedDeliveryDate.slice(0, 10) ?? defaultDeliveryDate(Date.now()),
  );
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = checkDeliveryDate(day, Date.now());
    setError(problem ? t(`wfs.preview.${problem}`) : null);
    if (!problem) void action.run('preview', 'preview', { expectedDeliveryDate: day });
  };
  return (
    <form className="form" noValidate onSubmit={submit} data-testid="wfs-preview-form">
      <label className="field">
        <span>{t('wfs.preview.deliveryDate')} *</span>
        <DateField
          name="expectedDeliveryDate"
          value={day}
          aria-invalid={!!error}
          onChange={(next) => {
            setDay(next);
            setError(null);
          }}
        />
        {error && <small className="form-error">{error}</small>}
      </label>
      <Refusal lines={action.refusal} testId="wfs-preview-refusal" />
      <div className="button-row">
        <button type="submit" className="btn primary" disabled={action.busy !== null} data-testid="wfs-preview">
          {action.busy ? t('wfs.preview.asking') : plan.preview ? t('wfs.preview.askAgain') : t('wfs.preview.ask')}
        </button>
      </div>
    </form>
  );
}
