/**
 * The WFS form's compliance questions and the sections their answers open (wfsItemSections, the
 * rule the schema also checks): batteries, lithium-ion details, hazmat, expiry and lot. Walmart's
 * values (battery types, packagings) are shown as Walmart spells them; Yes/No in the user's words.
 */
import { useTranslation } from 'react-i18next';
import {
  BATTERY_TYPES_CONTAINED,
  ION_BATTERY_PACKAGINGS,
  wfsItemSections,
  YES_NO,
} from '../../../domain/schemas/wfs-items';

export interface FormValues {
  sku: string;
  productName: string;
  brand: string;
  gtin: string;
  price: string;
  category: string;
  lengthIn: string;
  widthIn: string;
  heightIn: string;
  weightLb: string;
  countryOfOriginAssembly: string;
  hasBatteries: string;
  batteryTechnologyType: string;
  ionNumberOfBatteries: string;
  batteryWattHour: string;
  ionIncludedBatteryPackaging: string;
  electronicsIndicator: string;
  chemicalAerosolPesticide: string;
  safetyDataSheet: string;
  numberOfHazardousComponents: string;
  isPerishable: string;
  shelfLifeDays: string;
  lotControlled: boolean;
}
type TextKey = Exclude<keyof FormValues, 'lotControlled'>;
interface Props {
  v: FormValues;
  set: (patch: Partial<FormValues>) => void;
  errors: Record<string, string>;
}

/** A text or number input with its error beside it. */
export function Field({
  name,
  label,
  v,
  set,
  errors,
  numeric,
}: Props & { name: TextKey; label: string; numeric?: boolean }) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        name={name}
        value={v[name]}
        {...(numeric ? { type: 'number', inputMode: 'decimal' as const, step: 'any' } : {})}
        aria-invalid={!!errors[name]}
        onChange={(e) => set({ [name]: e.target.value })}
      />
      {errors[name] && <small className="form-error">{errors[name]}</small>}
    </label>
  );
}

function Choice({
  name,
  label,
  options,
  words,
  v,
  set,
  errors,
}: Props & { name: TextKey; label: string; options: readonly string[]; words?: (o: string) => string }) {
  const { t } = useTranslation();
  return (
    <label className="field">
      <span>{label}</span>
      <select
        name={name}
        value={v[name]}
        aria-invalid={!!errors[name]}
        onChange={(e) => set({ [name]: e.target.value })}
      >
        <option value="">{t('wfsItemForm.choose')}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {words ? words(o) : o}
          </option>
        ))}
      </select>
      {errors[name] && <small className="form-error">{errors[name]}</small>}
    </label>
  );
}

export function ComplianceSections(props: Props) {
  const { t } = useTranslation();
  const { v, set } = props;
  const open = wfsItemSections({
    hasBatteries: (v.hasBatteries || undefined) as 'Yes' | 'No' | undefined,
    batteryTechnologyType: (v.batteryTechnologyType || undefined) as never,
    chemicalAerosolPesticide: (v.chemicalAerosolPesticide || undefined) as 'Yes' | 'No' | undefined,
    isPerishable: (v.isPerishable || undefined) as 'Yes' | 'No' | undefined,
  });
  const yesNo = (o: string) => t(o === 'Yes' ? 'wfsItemForm.yes' : 'wfsItemForm.no');
  return (
    <>
      <fieldset className="form-grid" data-testid="wfs-item-compliance">
        <legend>{t('wfsItemForm.compliance')}</legend>
        <Choice name="hasBatteries" label={t('wfsItemForm.hasBatteries')} options={YES_NO} words={yesNo} {...props} />
        <Choice
          name="electronicsIndicator"
          label={t('wfsItemForm.electronicsIndicator')}
          options={YES_NO}
          words={yesNo}
          {...props}
        />
        <Choice
          name="chemicalAerosolPesticide"
          label={t('wfsItemForm.chemicalAerosolPesticide')}
          options={YES_NO}
          words={yesNo}
          {...props}
        />
        <Choice name="isPerishable" label={t('wfsItemForm.isPerishable')} options={YES_NO} words={yesNo} {...props} />
        <Field name="countryOfOriginAssembly" label={t('wfsItemForm.countryOfOriginAssembly')} {...props} />
      </fieldset>
      {open.batteries && (
        <fieldset className="form-grid" data-testid="wfs-item-batteries">
          <legend>{t('wfsItemForm.batteries')}</legend>
          <Choice
            name="batteryTechnologyType"
            label={t('wfsItemForm.batteryTechnologyType')}
            options={BATTERY_TYPES_CONTAINED}
            {...props}
          />
          {open.lithiumIon && (
            <>
              <Field name="ionNumberOfBatteries" label={t('wfsItemForm.ionNumberOfBatteries')} numeric {...props} />
              <Field name="batteryWattHour" label={t('wfsItemForm.batteryWattHour')} numeric {...props} />
              <Choice
                name="ionIncludedBatteryPackaging"
                label={t('wfsItemForm.ionIncludedBatteryPackaging')}
                options={ION_BATTERY_PACKAGINGS}
                {...props}
              />
            </>
          )}
        </fieldset>
      )}
      {open.hazmat && (
        <fieldset className="form-grid" data-testid="wfs-item-hazmat">
          <legend>{t('wfsItemForm.hazmat')}</legend>
          <Field name="safetyDataSheet" label={t('wfsItemForm.safetyDataSheet')} {...props} />
          <Field
            name="numberOfHazardousComponents"
            label={t('wfsItemForm.numberOfHazardousComponents')}
            numeric
            {...props}
          />
        </fieldset>
      )}
      {open.expiry && (
        <fieldset className="form-grid" data-testid="wfs-item-expiry">
          <legend>{t('wfsItemForm.expiry')}</legend>
          <Field name="shelfLifeDays" label={t('wfsItemForm.shelfLifeDays')} numeric {...props} />
          <label className="field checkbox">
            <input
              type="checkbox"
              name="lotControlled"
              checked={v.lotControlled}
              onChange={(e) => set({ lotControlled: e.target.checked })}
            />
            <span>{t('wfsItemForm.lotControlled')}</span>
          </label>
        </fieldset>
      )}
    </>
  );
}
