/**
 * A plan's lines being edited: quantity (never above what is available plus what the plan already
 * holds), who labels and who preps, the expiration date and manufacturing lot Amazon may need.
 * Errors are said on the line they are about.
 */
import { useTranslation } from 'react-i18next';
import {
  labelOwnerFor,
  MAX_LINE_QUANTITY,
  PREP_OWNERS,
  type LabelingPreference,
  type PrepOwner,
} from '../../../domain/schemas/fba';
import { maxFor, type DraftLine, type LineErrors } from './lines';
import { DateField } from '../../ui/DateField';
import { formatNumber } from '../../../domain/format';

export function LinesEditor({
  lines,
  onChange,
  errors,
  available,
  held,
  preference,
}: {
  lines: DraftLine[];
  /** The new lines and the product whose line changed (its errors no longer apply). */
  onChange: (lines: DraftLine[], productId: number) => void;
  errors: Record<number, LineErrors>;
  available: ReadonlyMap<number, number>;
  held: ReadonlyMap<number, number>;
  /** The client's labelling preference, once the plan exists; before, '' leaves it to the server. */
  preference: LabelingPreference | null;
}) {
  const { t, i18n } = useTranslation();
  const set = (productId: number, patch: Partial<DraftLine>) =>
    onChange(
      lines.map((l) => (l.productId === productId ? { ...l, ...patch } : l)),
      productId,
    );
  const remove = (productId: number) =>
    onChange(
      lines.filter((l) => l.productId !== productId),
      productId,
    );
  const preferred = preference ? labelOwnerFor(preference) : null;

  if (lines.length === 0)
    return (
      <p className="grid-state empty" data-testid="fba-no-lines">
        {t('fba.noLines')}
      </p>
    );
  return (
    <div className="table-wrap">
      <table className="grid" data-testid="fba-lines">
        <thead>
          <tr>
            <th>{t('po.fields.title')}</th>
            <th title={t('fba.upToHelp')}>{t('fba.upTo')}</th>
            <th>{t('fba.quantity')}</th>
            <th>{t('fba.labelOwner')}</th>
            <th>{t('fba.prepOwner')}</th>
            <th>{t('fba.expiration')}</th>
            <th>{t('fba.lot')}</th>
            <th aria-label={t('po.actions')} />
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => {
            const e = errors[l.productId] ?? {};
            const max = maxFor(l.productId, available, held);
            return (
              <tr key={l.productId} data-testid="fba-line" data-product={l.productId}>
                <td>
                  <strong>{l.title}</strong>
                  <br />
                  <span className="codes muted">{[l.msku, l.fnsku, l.asin].filter(Boolean).join(' · ')}</span>
                </td>
                <td data-testid="line-max">{formatNumber(i18n.language, max)}</td>
                <td>
                  <input
                    name={`quantity-${l.productId}`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={max ?? MAX_LINE_QUANTITY}
                    step={1}
                    value={l.quantity}
                    aria-label={t('fba.quantityOf', { title: l.title })}
                    aria-invalid={!!e.quantity}
                    onChange={(ev) => set(l.productId, { quantity: ev.target.value })}
                  />
                  {e.quantity && <small className="form-error">{e.quantity}</small>}
                </td>
                <td>
                  <select
                    name={`labelOwner-${l.productId}`}
                    value={l.labelOwner}
                    aria-label={t('fba.labelOwner')}
                    onChange={(ev) => set(l.productId, { labelOwner: ev.target.value as PrepOwner | '' })}
                  >
                    {!preferred && <option value="">{t('fba.owners.preference')}</option>}
                    {PREP_OWNERS.map((o) => (
                      <option key={o} value={o}>
                        {o === preferred
                          ? t('fba.owners.preferred', { owner: t(`fba.owners.${o}`) })
                          : t(`fba.owners.${o}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <select
                    name={`prepOwner-${l.productId}`}
                    value={l.prepOwner}
                    aria-label={t('fba.prepOwner')}
                    onChange={(ev) => set(l.productId, { prepOwner: ev.target.value as PrepOwner })}
                  >
                    {PREP_OWNERS.map((o) => (
                      <option key={o} value={o}>
                        {t(`fba.owners.${o}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <DateField
                    name={`expiration-${l.productId}`}
                    value={l.expiration}
                    aria-label={t('fba.expiration')}
                    aria-invalid={!!e.expiration}
                    onChange={(expiration) => set(l.productId, { expiration })}
                  />
                  {e.expiration && <small className="form-error">{e.expiration}</small>}
                </td>
                <td>
                  <input
                    name={`lot-${l.productId}`}
                    value={l.manufacturingLotCode}
                    maxLength={256}
                    aria-label={t('fba.lot')}
                    aria-invalid={!!e.manufacturingLotCode}
                    onChange={(ev) => set(l.productId, { manufacturingLotCode: ev.target.value })}
                  />
                  {e.manufacturingLotCode && <small className="form-error">{e.manufacturingLotCode}</small>}
                </td>
                <td>
                  <button
                    type="button"
                    className="btn small"
                    aria-label={t('fba.removeLine', { title: l.title })}
                    onClick={() => remove(l.productId)}
                  >
                    {t('po.remove')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
