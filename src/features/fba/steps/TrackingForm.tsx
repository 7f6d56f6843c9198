/**
 * An own carrier's tracking for one shipment: a field per box (its FBA box id beside it; a wedge
 * scanner types into the focused field and its Enter moves to the next box), or the PRO number for
 * LTL. Checked here as the server checks it; Amazon is then given it (202, followed like any step)
 * and the server's refusals come back beside the box they name.
 */
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanShipment } from '../../../../domain/schemas/fba';
import { checkBoxTracking, proError, refusalsByBox, type ShipmentBox, type TrackingDraft } from '../tracking';
import { Refusal } from './Refusal';

export function TrackingForm({
  shipment: s,
  boxes,
  disabled,
  busy,
  refusal,
  onSend,
}: {
  shipment: PlanShipment;
  boxes: readonly ShipmentBox[];
  disabled: boolean;
  busy: boolean;
  /** The server's last refusal of this shipment's tracking. */
  refusal: readonly string[];
  onSend: (body: { boxes: { boxId: string; trackingId: string }[] } | { proNumber: string }) => void;
}) {
  const { t } = useTranslation();
  const ltl = s.shippingMode === 'FREIGHT_LTL';
  const given = s.tracking;
  const [draft, setDraft] = useState<TrackingDraft>(() =>
    Object.fromEntries((given?.boxes ?? []).map((b) => [b.boxId, b.trackingId])),
  );
  const [pro, setPro] = useState(given?.proNumber ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = useRef<(HTMLInputElement | null)[]>([]);
  const server = refusalsByBox(refusal, boxes);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ltl) {
      const error = proError(pro, t);
      setErrors(error ? { pro: error } : {});
      if (!error) onSend({ proNumber: pro.trim() });
      return;
    }
    const checked = checkBoxTracking(boxes, draft, t);
    setErrors(checked.errors);
    if (checked.body?.boxes) onSend({ boxes: checked.body.boxes });
  };
  // A scanner ends its burst with Enter: the next box's field takes the next scan instead of submitting.
  const next = (e: KeyboardEvent<HTMLInputElement>, n: number) => {
    if (e.key !== 'Enter' || n >= boxes.length - 1) return;
    e.preventDefault();
    fields.current[n + 1]?.focus();
  };

  return (
    <form className="form" noValidate onSubmit={submit} data-testid="fba-tracking" data-shipment={s.shipmentId}>
      <h5>{ltl ? t('fba.tracking.proTitle') : t('fba.tracking.boxesTitle')}</h5>
      {ltl ? (
        <label className="field">
          <span>{t('fba.tracking.pro')}</span>
          <input
            name="proNumber"
            value={pro}
            aria-invalid={!!errors.pro}
            disabled={disabled}
            onChange={(e) => {
              setPro(e.target.value);
              setErrors({});
            }}
          />
          {errors.pro && <small className="form-error">{errors.pro}</small>}
        </label>
      ) : boxes.length === 0 ? (
        <p className="muted">{t('fba.tracking.noBoxes')}</p>
      ) : (
        <div className="form-grid">
          {boxes.map((b, n) => {
            const error = errors[b.boxId] ?? server.byBox[b.boxId];
            return (
              <label key={b.boxId} className="field" data-testid="fba-tracking-box" data-box={b.boxId}>
                <span>
                  {t('fba.boxes.boxNo', { n: b.boxNo })} <code>{b.boxId}</code>
                </span>
                <input
                  name={`tracking-${b.boxId}`}
                  value={draft[b.boxId] ?? ''}
                  autoComplete="off"
                  aria-invalid={!!error}
                  disabled={disabled}
                  ref={(el) => {
                    fields.current[n] = el;
                  }}
                  onKeyDown={(e) => next(e, n)}
                  onChange={(e) => {
                    setDraft((d) => ({ ...d, [b.boxId]: e.target.value }));
                    setErrors(({ [b.boxId]: _fixed, ...rest }) => rest);
                  }}
                />
                {error && <small className="form-error">{error}</small>}
              </label>
            );
          })}
        </div>
      )}
      <Refusal lines={server.rest} testId="fba-tracking-refusal" />
      <div className="button-row">
        <button type="submit" className="btn primary" disabled={disabled || busy || (!ltl && boxes.length === 0)}>
          {given ? t('fba.tracking.resend') : t('fba.tracking.send')}
        </button>
        {given && <span className="pill ok">{t('fba.tracking.given')}</span>}
      </div>
    </form>
  );
}
