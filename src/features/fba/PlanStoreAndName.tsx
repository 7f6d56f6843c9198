/**
 * The head of a new shipment plan, FBA's and WFS's alike: the client's marketplace store (only a
 * connected one may be chosen; the only connected one is chosen already) and the plan's name with
 * its character count; and, below, what the marketplace refused when the plan was sent. The
 * channel's form keeps its own rules (the name's limit, which stores are its marketplace's).
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoreRow } from '../../../domain/schemas/stores';

/** What the head's fields refuse, and the lines' "add at least one". */
export type PlanHeadErrors = { storeId?: string; name?: string; lines?: string };

/** The head's state: a choice or an edit clears its field's error. */
export function usePlanHead() {
  const [storeId, setStoreId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<PlanHeadErrors>({});
  const chooseStore = useCallback((id: number | null) => {
    setStoreId(id);
    setErrors(({ storeId: _chosen, ...rest }) => rest);
  }, []);
  const rename = useCallback((v: string) => {
    setName(v);
    setErrors(({ name: _named, ...rest }) => rest);
  }, []);
  return { storeId, name, errors, setErrors, chooseStore, rename };
}

interface Props {
  stores: StoreRow[] | undefined;
  storesPending: boolean;
  storeLabel: string;
  storeId: number | null;
  onStore: (id: number | null) => void;
  name: string;
  onName: (name: string) => void;
  maxName: number;
  errors: { storeId?: string; name?: string };
  /** Said when the client has no connected store of the marketplace. */
  noStore: ReactNode;
}

export function PlanStoreAndName(p: Props) {
  const { t } = useTranslation();
  const { stores, storeId, onStore } = p;
  const connected = useMemo(() => (stores ?? []).filter((s) => s.connection === 'connected'), [stores]);
  // One connected store: chosen already.
  useEffect(() => {
    if (storeId === null && connected.length === 1) onStore(connected[0].id);
  }, [connected, storeId, onStore]);
  return (
    <>
      <div className="form-grid">
        <label className="field">
          <span>{p.storeLabel} *</span>
          {p.storesPending ? (
            <span className="muted">{t('app.loading')}</span>
          ) : (
            <select
              name="storeId"
              value={storeId ?? ''}
              aria-invalid={!!p.errors.storeId}
              onChange={(e) => onStore(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{t('fba.chooseStore')}</option>
              {(stores ?? []).map((s) => (
                <option key={s.id} value={s.id} disabled={s.connection !== 'connected'}>
                  {s.connection === 'connected' ? s.name : t('fba.storeNotConnected', { name: s.name })}
                </option>
              ))}
            </select>
          )}
          {p.errors.storeId && <small className="form-error">{p.errors.storeId}</small>}
        </label>
        <label className="field">
          <span>{t('fba.planName')} *</span>
          <input
            name="planName"
            value={p.name}
            maxLength={p.maxName}
            aria-invalid={!!p.errors.name}
            onChange={(e) => p.onName(e.target.value)}
            autoFocus
          />
          <small className="muted">{t('fba.nameCount', { count: p.name.trim().length, max: p.maxName })}</small>
          {p.errors.name && <small className="form-error">{p.errors.name}</small>}
        </label>
      </div>
      {stores && connected.length === 0 && p.noStore}
    </>
  );
}

/** The marketplace's refusal of the new plan, line by line, inside the form. */
export function PlanRefusal({ lines, testId }: { lines: string[]; testId: string }) {
  if (!lines.length) return null;
  return (
    <div className="form-error" role="alert" data-testid={testId}>
      {lines.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}
