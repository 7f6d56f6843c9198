/** One address of a parcel shipment (ship from / ship to), with each field's refusal beside it. */
import { useTranslation } from 'react-i18next';

export interface AddressForm {
  name: string;
  company: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  countryCode: string;
}

export const emptyAddress = (): AddressForm => ({
  name: '',
  company: '',
  phone: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  postalCode: '',
  countryCode: 'US',
});

const FIELDS: (keyof AddressForm)[] = [
  'name',
  'company',
  'phone',
  'line1',
  'line2',
  'city',
  'state',
  'postalCode',
  'countryCode',
];

/** The address as the API takes it: empty optional fields left out. */
export const addressInput = (a: AddressForm) =>
  Object.fromEntries(Object.entries(a).filter(([k, v]) => v.trim() !== '' || ['name', 'line1'].includes(k)));

export function AddressFields({
  legend,
  prefix,
  value,
  errors,
  onChange,
}: {
  legend: string;
  prefix: 'shipFrom' | 'shipTo';
  value: AddressForm;
  errors: Record<string, string>;
  onChange: (a: AddressForm) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="form-row">
      <legend>{legend}</legend>
      {FIELDS.map((f) => (
        <label key={f}>
          {t(`shippingLabels.address.${f}`)}
          <input
            name={`${prefix}.${f}`}
            value={value[f]}
            onChange={(e) => onChange({ ...value, [f]: e.target.value })}
            aria-invalid={!!errors[`${prefix}.${f}`]}
          />
          {errors[`${prefix}.${f}`] && <span className="form-error">{errors[`${prefix}.${f}`]}</span>}
        </label>
      ))}
    </fieldset>
  );
}
