/**
 * The one way a carrier is chosen (mark shipped, WFS own-carrier tracking, WFS shipping templates):
 * a list of the warehouse's active carriers (Settings › Carriers), parcel and LTL apart, instead
 * of a typed or guessed name. What it gives back is the carrier's name — the text those fields
 * have always stored — so a value stored before (or carried from a bought label) that names a
 * carrier by its code or in other letters is shown as that carrier, and one that names none stays
 * selectable as it is. With no carriers set up, it says where they are added.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../domain/permissions';
import {
  carrierOptionListSchema,
  matchCarrier,
  type CarrierKind,
  type CarrierOption,
} from '../../../domain/schemas/carriers';
import { getAs } from '../../api/typed';
import { useSession } from '../../app/session';

export const CARRIER_OPTIONS_API = '/api/common/carrier/options';
/** The query the choosers share (Settings › Carriers reloads it after a change). */
export const CARRIER_OPTIONS_QUERY = 'carrier-options';
export const CARRIERS_ROUTE = '/apps/settings/carriers';

/** The warehouse's active carriers, read once and shared by every chooser on the page. */
export function useCarrierOptions() {
  return useQuery({
    queryKey: [CARRIER_OPTIONS_QUERY],
    queryFn: () => getAs(CARRIER_OPTIONS_API, carrierOptionListSchema, { background: true }),
    staleTime: 5 * 60_000,
  });
}

export interface CarrierSelectProps {
  /** The carrier's name as stored ('' for none chosen). */
  value: string;
  onChange: (name: string, carrier: CarrierOption | null) => void;
  name: string;
  id?: string;
  /** The kind the work needs (parcel tracking, an LTL PRO number): its carriers come first. */
  kind?: CarrierKind;
  disabled?: boolean;
  invalid?: boolean;
  required?: boolean;
  'aria-label'?: string;
}

export function CarrierSelect({
  value,
  onChange,
  name,
  id,
  kind,
  disabled,
  invalid,
  required,
  'aria-label': ariaLabel,
}: CarrierSelectProps) {
  const { t } = useTranslation();
  const options = useCarrierOptions();
  const carriers = options.data ?? [];
  const chosen = matchCarrier(carriers, value);
  // A stored text naming a listed carrier by its code or in other letters becomes its name.
  useEffect(() => {
    if (chosen && chosen.name !== value) onChange(chosen.name, chosen);
  }, [chosen, value, onChange]);
  const unlisted = value.trim() && !chosen ? value : null;
  const groups = (['parcel', 'ltl'] as const)
    .map((k) => ({ kind: k, carriers: carriers.filter((c) => c.kind === k) }))
    .filter((g) => g.carriers.length > 0)
    .sort((a, b) => Number(b.kind === kind) - Number(a.kind === kind));
  const option = (c: CarrierOption) => (
    <option key={c.id} value={c.name}>
      {c.name === c.code ? c.name : `${c.name} (${c.code})`}
    </option>
  );

  return (
    <>
      <select
        name={name}
        id={id}
        data-testid={`carrier-select-${name}`}
        value={chosen?.name ?? value}
        disabled={disabled || options.isPending}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        aria-label={ariaLabel}
        aria-busy={options.isPending || undefined}
        onChange={(e) => onChange(e.target.value, carriers.find((c) => c.name === e.target.value) ?? null)}
      >
        <option value="">{options.isPending ? t('carriers.select.loading') : t('carriers.select.choose')}</option>
        {unlisted && <option value={unlisted}>{t('carriers.select.unlisted', { name: unlisted })}</option>}
        {groups.length > 1
          ? groups.map((g) => (
              <optgroup key={g.kind} label={t(`carriers.kinds.${g.kind}`)}>
                {g.carriers.map(option)}
              </optgroup>
            ))
          : groups.flatMap((g) => g.carriers.map(option))}
      </select>
      {options.isError && (
        <small className="form-error" role="alert">
          {t('carriers.select.loadError')}{' '}
          <button type="button" className="btn link" onClick={() => void options.refetch()}>
            {t('carriers.retry')}
          </button>
        </small>
      )}
      {options.isSuccess && carriers.length === 0 && <NoCarriers />}
    </>
  );
}

/** Where carriers are added: a link for those who may, the place to ask for everyone else. */
function NoCarriers() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const mayManage = !!user && user.audience === 'Warehouse' && can(user.ability ?? [], 'read', 'generalSettings');
  return (
    <small className="muted" data-testid="no-carriers">
      {t('carriers.select.none')}{' '}
      {mayManage ? <Link to={CARRIERS_ROUTE}>{t('carriers.select.setUp')}</Link> : t('carriers.select.askWarehouse')}
    </small>
  );
}

/** The chosen carrier's services, for a service field's suggestions. */
export function CarrierServices({ id, carrier }: { id: string; carrier: string }) {
  const options = useCarrierOptions();
  const services = matchCarrier(options.data ?? [], carrier)?.services ?? [];
  return (
    <datalist id={id}>
      {services.map((s) => (
        <option key={s} value={s} />
      ))}
    </datalist>
  );
}
