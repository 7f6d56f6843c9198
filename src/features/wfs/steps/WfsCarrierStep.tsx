/**
 * The carrier step, per shipment: Walmart's preferred carrier quoted (small parcel or LTL, with its
 * price), accepted, and voided within Walmart's window (its deadline shown, ticking); or the
 * client's own carrier — chosen from the warehouse's carriers — with its tracking numbers. When every shipment has its carrier the plan
 * moves on to its labels.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WfsShipment } from '../../../../domain/schemas/wfs';
import { CarrierSelect } from '../../carriers/CarrierSelect';
import { remaining } from '../../fba/countdown';
import { Refusal } from '../../fba/steps/Refusal';
import { StepShell } from '../../fba/steps/StepShell';
import { useNow } from '../../fba/use-now';
import { useWfsAction } from '../api';
import { quoteMoney, trackingList } from '../links';
import { mayChangeWfs } from '../rights';
import type { WfsStepProps } from './types';
import { DateField } from '../../../ui/DateField';
import { formatDate, formatDateTime } from '../../../../domain/format';

type Mode = 'PARCEL' | 'LTL';

export function WfsCarrierStep({ plan, state }: WfsStepProps) {
  const { t } = useTranslation();
  const deciding =
    state !== 'ahead' && plan.status !== 'cancelled' && mayChangeWfs() && !plan.shipments.some((s) => s.shippedAt);
  return (
    <StepShell step="carrier" state={state} words="wfs">
      {plan.shipments.length === 0 && <p className="muted">{t('fba.shipments.none')}</p>}
      <div className="tiles">
        {plan.shipments.map((s) => (
          <ShipmentCarrier key={s.shipmentId} planId={plan.id} shipment={s} deciding={deciding} />
        ))}
      </div>
    </StepShell>
  );
}

export function CarrierFacts({ shipment: s }: { shipment: WfsShipment }) {
  const { t, i18n } = useTranslation();
  const c = s.carrier;
  if (!c) return <p className="muted">{t('wfs.carrier.none')}</p>;
  return (
    <dl className="facts" data-testid="wfs-carrier-facts" data-status={c.status}>
      <dt>{t('wfs.carrier.status')}</dt>
      <dd>
        <span className={`pill ${c.status === 'VOIDED' ? 'warn' : c.status === 'ESTIMATED' ? '' : 'ok'}`}>
          {t(`wfs.carrier.statuses.${c.status}`)}
        </span>
      </dd>
      <dt>{t('wfs.carrier.carrier')}</dt>
      <dd>
        {c.carrierName ?? (c.kind === 'walmart' ? t('wfs.carrier.walmart') : '–')}
        {c.mode ? ` · ${t(`wfs.carrier.modes.${c.mode}`)}` : ''}
      </dd>
      {c.kind === 'walmart' && (
        <>
          <dt>{t('wfs.carrier.price')}</dt>
          <dd data-testid="wfs-quote-price">{quoteMoney(c.chargeCents, c.currency, i18n.language)}</dd>
        </>
      )}
      {c.estimatedDelivery && (
        <>
          <dt>{t('wfs.carrier.estimatedDelivery')}</dt>
          <dd>{formatDate(i18n.language, c.estimatedDelivery)}</dd>
        </>
      )}
      {c.status === 'ACCEPTED' && c.voidableUntil && (
        <>
          <dt>{t('wfs.carrier.voidWindow')}</dt>
          <dd>
            <VoidDeadline until={c.voidableUntil} />
          </dd>
        </>
      )}
      {c.trackingNumbers.length > 0 && (
        <>
          <dt>{t('wfs.carrier.tracking')}</dt>
          <dd>
            {c.trackingNumbers.map((n) => (
              <code key={n}>{n} </code>
            ))}
          </dd>
        </>
      )}
    </dl>
  );
}

function VoidDeadline({ until }: { until: string }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const left = remaining(until, now);
  const at = formatDateTime(i18n.language, until);
  return (
    <span className={left.over ? 'muted' : 'pill warn'} data-testid="wfs-void-deadline" data-over={left.over}>
      {left.over ? t('wfs.carrier.voidClosed', { at }) : t('wfs.carrier.voidOpen', { left: left.text, at })}
    </span>
  );
}

function ShipmentCarrier({
  planId,
  shipment: s,
  deciding,
}: {
  planId: number;
  shipment: WfsShipment;
  deciding: boolean;
}) {
  const { t } = useTranslation();
  const action = useWfsAction(planId);
  const [mode, setMode] = useState<Mode>('PARCEL');
  const [pickupDate, setPickupDate] = useState('');
  const [own, setOwn] = useState(false);
  const [carrierName, setCarrierName] = useState('');
  const [tracking, setTracking] = useState('');
  const [errors, setErrors] = useState<{ carrierName?: string; tracking?: string }>({});
  const c = s.carrier;
  const base = `shipments/${encodeURIComponent(s.shipmentId)}/carrier`;
  const accepted = c?.status === 'ACCEPTED' || c?.status === 'OWN';
  const voidable = c?.status === 'ACCEPTED' && !!c.voidableUntil && Date.parse(c.voidableUntil) > Date.now();

  const sendOwn = (e: FormEvent) => {
    e.preventDefault();
    const numbers = trackingList(tracking);
    const next: typeof errors = {};
    if (!carrierName.trim()) next.carrierName = t('wfs.carrier.nameRequired');
    if (numbers.length === 0) next.tracking = t('wfs.carrier.trackingRequired');
    setErrors(next);
    if (Object.keys(next).length) return;
    void action.run('own', `${base}/own`, { mode, carrierName: carrierName.trim(), trackingNumbers: numbers });
  };
  const busy = action.busy !== null;

  return (
    <article className="card" data-testid="wfs-shipment-carrier" data-shipment={s.shipmentId}>
      <h4>
        <code>{s.shipmentId}</code> → <strong>{s.fcName ?? s.destination ?? '–'}</strong>
      </h4>
      <p className="muted">{t('wfs.boxes.boxCount', { count: s.boxes })}</p>
      <CarrierFacts shipment={s} />
      <Refusal lines={action.refusal} testId="wfs-carrier-refusal" />
      {deciding && !accepted && (
        <>
          <div className="form-grid">
            <label className="field">
              <span>{t('wfs.carrier.mode')}</span>
              <select name="mode" value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
                <option value="PARCEL">{t('wfs.carrier.modes.PARCEL')}</option>
                <option value="LTL">{t('wfs.carrier.modes.LTL')}</option>
              </select>
            </label>
            {!own && (
              <label className="field">
                <span>{t('wfs.carrier.pickupDate')}</span>
                <DateField name="pickupDate" value={pickupDate} onChange={setPickupDate} />
              </label>
            )}
          </div>
          {!own ? (
            <div className="button-row">
              <button
                type="button"
                className="btn"
                disabled={busy}
                onClick={() => void action.run('quote', `${base}/quote`, pickupDate ? { mode, pickupDate } : { mode })}
                data-testid="wfs-quote"
              >
                {action.busy === 'quote'
                  ? t('wfs.carrier.quoting')
                  : c?.status === 'ESTIMATED'
                    ? t('wfs.carrier.requote')
                    : t('wfs.carrier.quote')}
              </button>
              {c?.status === 'ESTIMATED' && (
                <button
                  type="button"
                  className="btn primary"
                  disabled={busy}
                  onClick={() => void action.run('confirm', `${base}/confirm`)}
                  data-testid="wfs-accept"
                >
                  {action.busy === 'confirm' ? t('wfs.carrier.accepting') : t('wfs.carrier.accept')}
                </button>
              )}
              <button
                type="button"
                className="btn"
                disabled={busy}
                onClick={() => setOwn(true)}
                data-testid="wfs-own-open"
              >
                {t('wfs.carrier.ownCarrier')}
              </button>
            </div>
          ) : (
            <form className="form" noValidate onSubmit={sendOwn} data-testid="wfs-own-form">
              <label className="field">
                <span>{t('wfs.carrier.carrier')} *</span>
                <CarrierSelect
                  name="carrierName"
                  kind={mode === 'LTL' ? 'ltl' : 'parcel'}
                  required
                  value={carrierName}
                  invalid={!!errors.carrierName}
                  onChange={(name) => {
                    setCarrierName(name);
                    setErrors(({ carrierName: _f, ...rest }) => rest);
                  }}
                />
                {errors.carrierName && <small className="form-error">{errors.carrierName}</small>}
              </label>
              <label className="field">
                <span>{t('wfs.carrier.trackingNumbers')} *</span>
                <textarea
                  name="trackingNumbers"
                  rows={3}
                  value={tracking}
                  aria-invalid={!!errors.tracking}
                  onChange={(e) => {
                    setTracking(e.target.value);
                    setErrors(({ tracking: _f, ...rest }) => rest);
                  }}
                />
                <small className="muted">{t('wfs.carrier.trackingHelp')}</small>
                {errors.tracking && <small className="form-error">{errors.tracking}</small>}
              </label>
              <div className="button-row">
                <button type="submit" className="btn primary" disabled={busy} data-testid="wfs-own-send">
                  {t('wfs.carrier.ownSend')}
                </button>
                <button type="button" className="btn" disabled={busy} onClick={() => setOwn(false)}>
                  {t('wfs.carrier.walmartInstead')}
                </button>
              </div>
            </form>
          )}
        </>
      )}
      {deciding && voidable && (
        <div className="button-row">
          <button
            type="button"
            className="btn danger"
            disabled={busy}
            onClick={() => void action.run('void', `${base}/void`)}
            data-testid="wfs-void"
          >
            {action.busy === 'void' ? t('wfs.carrier.voiding') : t('wfs.carrier.void')}
          </button>
        </div>
      )}
    </article>
  );
}
