/**
 * What a plan has recorded, read-only: Amazon's ids and the lines as Amazon knows them (FNSKU,
 * label and prep owner, expiry and lot, Amazon's prep instructions, packing group).
 */
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanDetail, PrepInstruction } from '../../../../domain/schemas/fba';
import { formatNumber, formatPrice } from '../../../../domain/format';

const money = (fee: NonNullable<PrepInstruction['fee']>, language: string) => {
  try {
    return formatPrice(language, fee.amount, fee.code);
  } catch {
    return `${fee.amount} ${fee.code}`;
  }
};

export function AmazonIds({
  plan,
  show,
}: {
  plan: PlanDetail;
  show: ('inboundPlanId' | 'packingOptionId' | 'placementOptionId')[];
}) {
  const { t } = useTranslation();
  return (
    <dl className="facts" data-testid="fba-amazon-ids">
      {show.map((k) => (
        <Fragment key={k}>
          <dt>{t(`fba.${k}`)}</dt>
          <dd>{plan[k] ? <code>{plan[k]}</code> : <span className="muted">{t('fba.notYet')}</span>}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

export function LinesFacts({ plan, packing = false }: { plan: PlanDetail; packing?: boolean }) {
  const { t, i18n } = useTranslation();
  if (plan.items.length === 0) return <p className="muted">{t('fba.noLines')}</p>;
  const prep = (list: PrepInstruction[]) =>
    list.length === 0
      ? t('fba.noPrep')
      : list
          .map((p) =>
            [
              p.prepType ? t(`fba.prepTypes.${p.prepType}`, { defaultValue: p.prepType }) : null,
              p.prepOwner ? `(${t(`fba.owners.${p.prepOwner}`, { defaultValue: p.prepOwner })})` : null,
              p.fee ? money(p.fee, i18n.language) : null,
            ]
              .filter(Boolean)
              .join(' '),
          )
          .join(' · ');
  return (
    <div className="table-wrap">
      <table className="grid" data-testid="fba-lines-facts">
        <thead>
          <tr>
            <th>{t('po.fields.title')}</th>
            <th>{t('fba.msku')}</th>
            <th>{t('fba.fnsku')}</th>
            <th>{t('fba.quantity')}</th>
            <th>{t('fba.labelOwner')}</th>
            <th>{t('fba.prepOwner')}</th>
            <th>{t('fba.expiration')}</th>
            <th>{t('fba.lot')}</th>
            <th>{t('fba.prepInstructions')}</th>
            {packing && <th>{t('fba.packingGroup')}</th>}
          </tr>
        </thead>
        <tbody>
          {plan.items.map((i) => (
            <tr key={i.id} data-testid="fba-line-fact" data-product={i.productId}>
              <td>{i.title}</td>
              <td>{i.msku ?? '–'}</td>
              <td data-testid="fnsku">{i.fnsku ? <code>{i.fnsku}</code> : '–'}</td>
              <td>{formatNumber(i18n.language, i.quantity)}</td>
              <td>{t(`fba.owners.${i.labelOwner}`)}</td>
              <td>{t(`fba.owners.${i.prepOwner}`)}</td>
              <td>{i.expiration ?? '–'}</td>
              <td>{i.manufacturingLotCode ?? '–'}</td>
              <td data-testid="prep">{prep(i.prepInstructions)}</td>
              {packing && <td>{i.packingGroupId ? <code>{i.packingGroupId}</code> : '–'}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
