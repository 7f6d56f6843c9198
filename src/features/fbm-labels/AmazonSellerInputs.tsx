/**
 * Amazon Buy Shipping's additional seller inputs for one order and the Amazon rate chosen for it
 * (international services): fetched from the server, which fills what Dockside knows (the customs
 * declaration's contents type, the items' HS codes and origins, the ship-from); what is still
 * missing or wrong is asked for here. The page keeps what the user gives (`given`, by input key)
 * and sends it with the order in the bulk run or the run's update. A domestic order, or one whose
 * inputs are all filled, shows nothing.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sellerInputsSchema, type SellerInput, type SellerInputValues } from '../../../domain/schemas/fbm-labels';
import { postAs } from '../../api/typed';

const F = '/api/fbm/web';

/** What still stands against an input with the user's value (Amazon's rules as the server sent them), or null. */
function problemWith(i: SellerInput, given: SellerInputValues, words: (key: string) => string): string | null {
  // Untouched: the server's word on Dockside's own value.
  if (!(i.key in given)) return i.problem;
  const v = given[i.key].trim();
  if (!v) return i.required ? words('fbmLabels.sellerInputs.missing') : null;
  if (i.options && !i.options.includes(v)) return words('fbmLabels.sellerInputs.notOption');
  if (i.pattern) {
    let matches = true;
    try {
      matches = new RegExp(i.pattern).test(v);
    } catch {
      // A pattern JavaScript cannot read is left to Amazon.
    }
    if (!matches) return words('fbmLabels.sellerInputs.notMatching');
  }
  return null;
}

export function AmazonSellerInputs({
  orderId,
  rateId,
  given,
  onGiven,
}: {
  orderId: number;
  rateId: string;
  /** What the user gave for this order, by input key. */
  given: SellerInputValues;
  onGiven: (given: SellerInputValues) => void;
}) {
  const { t } = useTranslation();
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
  const words = (key: string) => t(key);
  const left = todo.filter((i) => problemWith(i, given, words) !== null).length;

  return (
    <fieldset className="card" data-testid={`seller-inputs-${orderId}`} data-complete={left === 0}>
      <legend>{t('fbmLabels.sellerInputs.title')}</legend>
      {todo.map((i) => {
        const problem = problemWith(i, given, words);
        const set = (value: string) => onGiven({ ...given, [i.key]: value });
        return (
          <label key={i.key} className="field">
            <span>
              {i.label}
              {i.sku ? ` · ${i.sku}` : ''}
            </span>
            {i.options ? (
              <select name={i.key} value={given[i.key] ?? ''} onChange={(e) => set(e.target.value)}>
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
                aria-invalid={problem !== null}
                onChange={(e) => set(e.target.value)}
              />
            )}
            {problem && <small className="muted">{problem}</small>}
          </label>
        );
      })}
      <p className={left ? 'muted' : undefined} role="status">
        {left ? t('fbmLabels.sellerInputs.left', { count: left }) : t('fbmLabels.sellerInputs.ready')}
      </p>
    </fieldset>
  );
}
