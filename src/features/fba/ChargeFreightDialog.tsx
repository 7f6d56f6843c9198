/**
 * Passing an LTL shipment's freight on to its client (POST …/bill-of-lading/pro-number/charge):
 * once per PRO number. The amount starts at Amazon's quote for a partnered carrier and must be
 * typed when there is none (an own carrier's freight); the server refuses a second charge (412).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bolRowSchema, type BolRow } from '../../../domain/schemas/fba';
import { postAs } from '../../api/typed';
import { BOLS, failureLines } from './api';
import { centsText, parseCents } from './money';
import { Refusal } from './steps/Refusal';

export function ChargeFreightDialog({
  row,
  onDone,
  onClose,
}: {
  row: BolRow;
  onDone: (charged: BolRow) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [amount, setAmount] = useState(row.costCents !== null ? centsText(row.costCents) : '');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const cents = parseCents(amount);
    if (cents === null || cents <= 0) return setError(t('fba.bol.amountInvalid'));
    if (!row.proNumber) return;
    setBusy(true);
    setRefusal([]);
    try {
      // Amazon's quote unchanged is left to the server to take; anything else is the amount given.
      const body = { proNumber: row.proNumber, ...(cents === row.costCents ? {} : { amountCents: cents }) };
      onDone(await postAs(`${BOLS}/pro-number/charge`, body, bolRowSchema, { inlineRefusal: true }));
    } catch (err) {
      setRefusal(failureLines(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="modal-backdrop" role="presentation">
      <form
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        noValidate
        onSubmit={(e) => void submit(e)}
        data-testid="fba-charge-freight"
      >
        <h2 id={`${id}-title`}>{t('fba.bol.chargeTitle', { pro: row.proNumber ?? '' })}</h2>
        <p>{t('fba.bol.chargeMessage', { client: row.companyName, plan: row.planName })}</p>
        <label className="field">
          <span>{t('fba.bol.amount')} *</span>
          <input
            name="amount"
            inputMode="decimal"
            value={amount}
            aria-invalid={!!error}
            autoFocus
            onChange={(e) => {
              setAmount(e.target.value);
              setError(null);
            }}
          />
          <small className="muted">
            {row.costCents !== null ? t('fba.bol.amountFromQuote') : t('fba.bol.amountRequired')}
          </small>
          {error && <small className="form-error">{error}</small>}
        </label>
        <Refusal lines={refusal} />
        <div className="modal-actions">
          <button type="submit" className="btn primary" disabled={busy}>
            {t('fba.bol.charge')}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            {t('fba.packing.notYet')}
          </button>
        </div>
      </form>
    </div>
  );
}
