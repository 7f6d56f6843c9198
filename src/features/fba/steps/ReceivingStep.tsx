/**
 * The receiving step: what Amazon counted against what was sent, per shipment and SKU, with a
 * discrepancy flagged for a claim. Amazon's counts arrive as it receives; until the first does,
 * the step says so rather than showing zeros.
 */
import { useTranslation } from 'react-i18next';
import { StepShell } from './StepShell';
import type { StepProps } from './types';
import { formatNumber } from '../../../../domain/format';

export function ReceivingStep({ plan, state }: StepProps) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(i18n.language, v);
  const counted = plan.shipments.filter((s) => s.received.length > 0);
  return (
    <StepShell step="receiving" state={state}>
      {counted.length === 0 ? (
        <p className="muted" data-testid="fba-receiving-none">
          {t('fba.receiving.none')}
        </p>
      ) : (
        counted.map((s) => (
          <section key={s.shipmentId} data-testid="fba-receiving" data-shipment={s.shipmentId}>
            <h4>
              {s.name ?? s.shipmentId} → {s.warehouseId ?? '–'}{' '}
              {s.discrepancy ? (
                <span className="pill danger" data-testid="fba-discrepancy">
                  {t('fba.receiving.discrepancy')}
                </span>
              ) : (
                <span className="pill ok">{t('fba.receiving.matches')}</span>
              )}
            </h4>
            <div className="table-wrap">
              <table className="grid">
                <thead>
                  <tr>
                    <th>{t('fba.msku')}</th>
                    <th>{t('fba.receiving.shipped')}</th>
                    <th>{t('fba.receiving.received')}</th>
                    <th>{t('fba.receiving.difference')}</th>
                  </tr>
                </thead>
                <tbody>
                  {s.received.map((r) => {
                    const diff = r.received - r.shipped;
                    return (
                      <tr key={r.msku} className={diff !== 0 ? 'row-warn' : undefined}>
                        <td>{r.msku}</td>
                        <td>{n(r.shipped)}</td>
                        <td>{n(r.received)}</td>
                        <td className={diff !== 0 ? 'form-error' : undefined}>{diff > 0 ? `+${n(diff)}` : n(diff)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>
        ))
      )}
    </StepShell>
  );
}
