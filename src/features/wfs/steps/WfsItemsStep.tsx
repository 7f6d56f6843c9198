/**
 * The items step: the plan's lines (SKU, Walmart's product id, units) and, while the plan is
 * here, Walmart asked where they would go (the delivery day; the preview step shows the answer).
 * Lines without a GTIN, UPC or EAN are refused per SKU by the server; those lines are listed.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAvailableIndex } from '../../fba/availability';
import { Refusal } from '../../fba/steps/Refusal';
import { StepShell } from '../../fba/steps/StepShell';
import { useWfsAction, WFS_AVAILABLE, wfsKeys } from '../api';
import { checkWfsLines, withLineFields } from '../lines';
import { LineQuantityInput } from '../LineQuantityInput';
import { mayChangeWfs } from '../rights';
import { PreviewForm } from './PreviewForm';
import type { WfsStepProps } from './types';
import { formatNumber } from '../../../../domain/format';

export function WfsItemsStep({ plan, state }: WfsStepProps) {
  const { t, i18n } = useTranslation();
  const deciding = state === 'current' && plan.status !== 'cancelled' && mayChangeWfs();
  const action = useWfsAction(plan.id);
  // The lines as edited: a quantity per line (within what is free plus what the plan holds), or removed.
  const [draft, setDraft] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const productIds = useMemo(() => plan.items.map((i) => i.productId), [plan.items]);
  const free = useAvailableIndex(
    plan.companyId,
    deciding ? productIds : [],
    WFS_AVAILABLE,
    wfsKeys.availableGrid(plan.companyId),
  );
  const ceilings = useMemo(
    () =>
      new Map(
        plan.items.filter((i) => free.has(i.productId)).map((i) => [i.productId, free.get(i.productId)! + i.quantity]),
      ),
    [plan.items, free],
  );
  const edited = Object.keys(draft).length > 0;
  const lines = plan.items
    .filter((i) => draft[i.id] !== '')
    .map((i) => ({
      productId: i.productId,
      title: i.title,
      codes: i.msku ?? i.productKey,
      quantity: draft[i.id] ?? String(i.quantity),
    }));
  const save = () => {
    const checked = checkWfsLines(lines, ceilings, t);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length) return;
    const items = withLineFields(checked.items, plan.items);
    void action.run('lines', 'items', { items }, 'put').then((ok) => ok && setDraft({}));
  };
  return (
    <StepShell step="items" state={state} words="wfs">
      <div className="table-wrap">
        <table className="grid" data-testid="wfs-items">
          <thead>
            <tr>
              <th>{t('po.fields.title')}</th>
              <th>{t('wfs.sku')}</th>
              <th>{t('wfs.walmartProductId')}</th>
              <th>{t('fba.units')}</th>
              <th>{t('wfs.shipment')}</th>
              {deciding && <th />}
            </tr>
          </thead>
          <tbody>
            {plan.items.map((i) => (
              <tr key={i.id} data-item={i.id}>
                <td>{i.title}</td>
                <td>
                  <code>{i.msku ?? i.productKey}</code>
                </td>
                <td>
                  {i.walmartProductId ? (
                    <code>
                      {i.walmartProductType} {i.walmartProductId}
                    </code>
                  ) : (
                    <span className="pill danger">{t('wfs.noProductId')}</span>
                  )}
                </td>
                <td>
                  {deciding ? (
                    <LineQuantityInput
                      productId={i.productId}
                      value={draft[i.id] ?? String(i.quantity)}
                      max={ceilings.get(i.productId)}
                      error={errors[i.productId]}
                      disabled={draft[i.id] === ''}
                      onChange={(quantity) => {
                        setDraft({ ...draft, [i.id]: quantity });
                        setErrors(({ [i.productId]: _fixed, ...rest }) => rest);
                      }}
                    />
                  ) : (
                    formatNumber(i18n.language, i.quantity)
                  )}
                </td>
                <td>{i.packingGroupId ? <code>{i.packingGroupId}</code> : '–'}</td>
                {deciding && (
                  <td>
                    {draft[i.id] === '' ? (
                      <button
                        type="button"
                        className="btn small"
                        onClick={() => setDraft(({ [i.id]: _back, ...rest }) => rest)}
                      >
                        {t('wfs.keepLine')}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="btn small"
                        disabled={lines.length <= 1}
                        onClick={() => setDraft({ ...draft, [i.id]: '' })}
                      >
                        {t('fba.removeLine', { title: i.title })}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {deciding && edited && (
        <div className="button-row">
          <button
            type="button"
            className="btn primary"
            disabled={action.busy !== null}
            onClick={save}
            data-testid="wfs-save-lines"
          >
            {t('wfs.saveLines')}
          </button>
          <button type="button" className="btn" onClick={() => (setDraft({}), setErrors({}))}>
            {t('wfs.undoEdits')}
          </button>
        </div>
      )}
      <Refusal lines={action.refusal} testId="wfs-lines-refusal" />
      {deciding && !edited && <PreviewForm plan={plan} />}
    </StepShell>
  );
}
