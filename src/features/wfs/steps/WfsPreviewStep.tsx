/**
 * The preview step: Walmart's answer — the fulfilment centres and the lines each would take —
 * asked again for another day if need be, then submitted: Walmart creates the inbound order with
 * one shipment per fulfilment centre and the plan moves on to the bench.
 */
import { useTranslation } from 'react-i18next';
import { Refusal } from '../../fba/steps/Refusal';
import { StepShell } from '../../fba/steps/StepShell';
import { useWfsAction } from '../api';
import { mayChangeWfs } from '../rights';
import { PreviewForm } from './PreviewForm';
import type { WfsStepProps } from './types';
import { formatDay, formatNumber } from '../../../../domain/format';

export function WfsPreviewStep({ plan, state }: WfsStepProps) {
  const { t, i18n } = useTranslation();
  const action = useWfsAction(plan.id);
  const deciding = state === 'current' && plan.status !== 'cancelled' && mayChangeWfs();
  const preview = plan.preview;
  return (
    <StepShell step="preview" state={state} words="wfs">
      {!preview ? (
        <p className="muted" data-testid="wfs-no-preview">
          {t('wfs.preview.none')}
        </p>
      ) : (
        <>
          <p data-testid="wfs-preview-facts">
            {t('wfs.preview.facts', {
              day: formatDay(i18n.language, preview.expectedDeliveryDate.slice(0, 10)),
              count: preview.nodes.length,
            })}
          </p>
          <div className="tiles">
            {preview.nodes.map((node, n) => (
              <article key={`${node.shipNode ?? ''}-${n}`} className="card" data-testid="wfs-preview-node">
                <h4>
                  {node.fcName ?? node.shipNode ?? '–'}{' '}
                  {node.nonSortable && <span className="pill warn">{t('wfs.preview.nonSortable')}</span>}
                </h4>
                {node.address && <p className="muted">{node.address}</p>}
                <ul className="plain-list">
                  {node.lines.map((l) => (
                    <li key={l.sku}>
                      <code>{l.sku}</code> × {formatNumber(i18n.language, l.quantity)}
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        </>
      )}
      {deciding && (
        <>
          <PreviewForm plan={plan} />
          <Refusal lines={action.refusal} testId="wfs-submit-refusal" />
          <div className="button-row">
            <button
              type="button"
              className="btn primary"
              disabled={!preview || action.busy !== null}
              onClick={() => void action.run('submit', 'submit')}
              data-testid="wfs-submit"
            >
              {action.busy ? t('wfs.preview.submitting') : t('wfs.preview.submit')}
            </button>
          </div>
        </>
      )}
    </StepShell>
  );
}
