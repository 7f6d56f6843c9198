/**
 * One placement option in the comparison: where the boxes go (one shipment per fulfilment centre),
 * Amazon's placement fee, and the landed cost of each way of transport — Amazon's partnered
 * carrier quoted (small parcel, LTL), an own carrier at the carrier's rate. "Recommended" marks
 * the cheapest; an option not quoted yet says so.
 */
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlacementComparison } from '../landed-costs';
import { money } from '../packing-options';
import { formatDateTime } from '../../../../domain/format';

export function PlacementOptionCard({
  row,
  chosen,
  quoting,
  onQuote,
  onChoose,
}: {
  row: PlacementComparison;
  chosen: boolean;
  /** Amazon is quoting (this option or another, one at a time). */
  quoting: boolean;
  onQuote?: () => void;
  onChoose?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const m = (cents: number) => money(cents, row.currency, i18n.language);
  return (
    <article
      className="card"
      data-testid="fba-placement-option"
      data-option={row.placementOptionId}
      data-recommended={row.recommended}
      data-quoted={row.quoted}
    >
      <div className="card-head">
        <h4>
          {t('fba.placement.shipments', { count: row.destinations.length })}{' '}
          {chosen && <span className="pill ok">{t('fba.packing.chosen')}</span>}
          {!chosen && row.recommended && (
            <span className="pill ok" data-testid="fba-recommended">
              {t('fba.placement.recommended')}
            </span>
          )}
          {!chosen && row.blocked && <span className="pill muted">{t(`fba.packing.blocked.${row.blocked}`)}</span>}
        </h4>
        {onChoose && !row.blocked && (
          <button type="button" className="btn primary" onClick={onChoose} data-testid="fba-placement-choose">
            {t('fba.placement.choose')}
          </button>
        )}
      </div>
      <ul className="plain-list" data-testid="fba-placement-destinations">
        {row.destinations.map((d, n) => (
          <li key={d.shipmentId}>
            {d.warehouseId || d.city ? (
              <>
                <strong>{d.warehouseId ?? '–'}</strong> {[d.city, d.state].filter(Boolean).join(', ')}
              </>
            ) : (
              // Amazon may name a shipment's fulfilment centre only once the placement is confirmed.
              <span className="muted">{t('fba.placement.destinationLater', { n: n + 1 })}</span>
            )}
          </li>
        ))}
      </ul>
      <dl className="facts">
        <dt>{t('fba.placement.fee')}</dt>
        <dd data-testid="fba-placement-fee">{m(row.feeCents)}</dd>
        {row.modes
          .filter((mode) => mode.available)
          .map((mode) => (
            <Fragment key={mode.mode}>
              <dt>{t(`fba.placement.modes.${mode.mode}`)}</dt>
              <dd data-testid="fba-landed-cost" data-mode={mode.mode}>
                {mode.ownCarrier ? (
                  <span className="muted">{t('fba.placement.ownRate', { fee: m(row.feeCents) })}</span>
                ) : mode.totalCents === null ? (
                  <span className="muted">{quoting ? t('fba.placement.quoting') : t('fba.placement.noQuote')}</span>
                ) : (
                  <>
                    <strong>{m(mode.totalCents)}</strong>{' '}
                    <span className="muted">
                      {t('fba.placement.totalParts', { fee: m(row.feeCents), transport: m(mode.transportCents ?? 0) })}
                    </span>
                    {row.bestCents === mode.totalCents && row.recommended && (
                      <span className="pill ok"> {t('fba.placement.cheapestWay')}</span>
                    )}
                  </>
                )}
              </dd>
            </Fragment>
          ))}
        {row.option.expiration && (
          <>
            <dt>{t('fba.packing.expires')}</dt>
            <dd>{formatDateTime(i18n.language, row.option.expiration)}</dd>
          </>
        )}
      </dl>
      {!row.quoted && (
        <p className="muted" role="status" data-testid="fba-placement-unquoted">
          {quoting ? t('fba.placement.quoting') : t('fba.placement.notQuoted')}
        </p>
      )}
      {onQuote && (
        <button type="button" className="btn" onClick={onQuote} data-testid="fba-placement-quote">
          {t('fba.placement.quoteAgain')}
        </button>
      )}
    </article>
  );
}
