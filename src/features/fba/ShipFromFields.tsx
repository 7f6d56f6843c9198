/** The ship-from address of a plan, in Amazon's fields; required ones marked, errors per field. */
import { useTranslation } from 'react-i18next';
import { REQUIRED_SHIP_FROM, SHIP_FROM_FIELDS, type ShipFromDraft, type ShipFromField } from './ship-from';

const MAX: Record<ShipFromField, number> = {
  name: 50,
  companyName: 50,
  addressLine1: 180,
  addressLine2: 60,
  city: 30,
  stateOrProvinceCode: 64,
  postalCode: 32,
  countryCode: 2,
  phoneNumber: 20,
  email: 1024,
};

export function ShipFromFields({
  value,
  onChange,
  errors,
}: {
  value: ShipFromDraft;
  /** The new address and the field that changed (its error, if any, no longer applies). */
  onChange: (v: ShipFromDraft, field: ShipFromField) => void;
  errors: Partial<Record<ShipFromField, string>>;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="form-grid" data-testid="fba-ship-from">
      <legend>{t('fba.shipFrom.title')}</legend>
      {SHIP_FROM_FIELDS.map((f) => (
        <label key={f} className="field">
          <span>
            {t(`fba.shipFrom.fields.${f}`)}
            {REQUIRED_SHIP_FROM.includes(f) ? ' *' : ''}
          </span>
          <input
            name={`shipFrom.${f}`}
            value={value[f]}
            maxLength={MAX[f]}
            type={f === 'email' ? 'email' : f === 'phoneNumber' ? 'tel' : 'text'}
            autoComplete="off"
            aria-invalid={!!errors[f]}
            onChange={(e) => onChange({ ...value, [f]: e.target.value }, f)}
          />
          {errors[f] && <small className="form-error">{errors[f]}</small>}
        </label>
      ))}
    </fieldset>
  );
}
