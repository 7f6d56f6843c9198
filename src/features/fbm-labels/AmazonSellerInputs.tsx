/**
 * Amazon Buy Shipping's additional seller inputs for one order and the Amazon rate chosen for it
 * (international services): fetched from the server, which fills what Dockside knows (the customs
 * declaration's contents type, the items' HS codes and origins, the ship-from); what is still
 * missing or wrong is asked for here, and the order's label is bought with it. A domestic order, or
 * one whose inputs are all filled, shows nothing and is bought with the others.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bulkOrderResultSchema, sellerInputsSchema } from '../../../domain/schemas/fbm-labels';
import type { LabelFormat } from '../../../domain/schemas/shipping-labels';
import { ApiFailure } from '../../api/client';
import { postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';

const F = '/api/fbm/web';

export function AmazonSellerInputs({
  orderId,
  rateId,
  format,
}: {
  orderId: number;
  rateId: string;
  format: LabelFormat;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const [given, setGiven] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const asked = useQuery({
    queryKey: ['amazon-seller-inputs', orderId, rateId],
    queryFn: () =>
      postAs(`${F}/label/psh/amazon/seller/inputs`, { orderId, rateId }, sellerInputsSchema, {
        quiet: true,
        inlineRefusal: true,
        background: true,
      }),
  });
  if (asked.isError)
    return (
      <p className="form-error" role="alert">
        {asked.error.message}
      </p>
    );
  // Only what Dockside could not fill is asked; the rest goes as filled.
  const todo = asked.data?.inputs.filter((i) => i.problem) ?? [];
  if (!todo.length) return null;

  const buy = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await postAs(
        `${F}/label/psh/purchase`,
        { orderId, rateId, format, sellerInputs: given },
        bulkOrderResultSchema,
        { quiet: true, inlineRefusal: true },
      );
      toast('success', t('fbmLabels.sellerInputs.bought', { tracking: r.trackingNumbers.join(', ') }));
      void qc.invalidateQueries({ queryKey: ['fbm-bulk-orders'] });
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="card" data-testid={`seller-inputs-${orderId}`}>
      <legend>{t('fbmLabels.sellerInputs.title')}</legend>
      {todo.map((i) => (
        <label key={i.key} className="field">
          <span>
            {i.label}
            {i.sku ? ` · ${i.sku}` : ''}
          </span>
          {i.options ? (
            <select
              name={i.key}
              value={given[i.key] ?? ''}
              onChange={(e) => setGiven({ ...given, [i.key]: e.target.value })}
            >
              <option value="">{t('fbmLabels.sellerInputs.choose')}</option>
              {i.options.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          ) : (
            <input
              name={i.key}
              value={given[i.key] ?? i.value ?? ''}
              pattern={i.pattern ?? undefined}
              onChange={(e) => setGiven({ ...given, [i.key]: e.target.value })}
            />
          )}
          <small className="muted">{i.problem}</small>
        </label>
      ))}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="primary" disabled={busy} onClick={() => void buy()}>
        {t('fbmLabels.sellerInputs.buy')}
      </button>
    </fieldset>
  );
}
