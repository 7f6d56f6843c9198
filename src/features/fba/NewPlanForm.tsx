/**
 * A new plan for a client (/apps/outbound/fba-shipments/:accountNo/items): its Amazon store, a
 * name, where the boxes ship from (the warehouse's address, editable) and its first lines from
 * what the client holds at PREP-FBA. Created, it holds its units and opens at its items step.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { labelOwnerFor, MAX_PLAN_NAME, planDetailSchema } from '../../../domain/schemas/fba';
import { postAs } from '../../api/typed';
import { mayOpen } from '../../app/guard';
import { useFeedback } from '../../ui/feedback-store';
import type { ClientOption } from '../inbound/purchase-orders/clients';
import { failureLines, PLANS, refreshAfter } from './api';
import { useAvailableIndex } from './availability';
import { AvailabilityGrid } from './AvailabilityGrid';
import { accountSegment } from './clients';
import { checkLines, draftFromAvailability, withoutLine, type DraftLine, type LineErrors } from './lines';
import { LinesEditor } from './LinesEditor';
import { PlanRefusal, PlanStoreAndName, usePlanHead, type PlanHeadErrors } from './PlanStoreAndName';
import { checkPlanName } from './plan-name';
import { usePlanPreferences } from './preferences';
import { clientPlansHref, planHref } from './plan-links';
import { checkShipFrom, emptyShipFrom, type ShipFromDraft, type ShipFromField } from './ship-from';
import { ShipFromFields } from './ShipFromFields';
import { useAmazonStores } from './stores';
import { useWarehouseShipFrom } from './warehouse-address';

const NO_HELD: ReadonlyMap<number, number> = new Map();

export function NewPlanForm({ client }: { client: ClientOption }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const stores = useAmazonStores(client.id);
  const prefill = useWarehouseShipFrom();
  const prefs = usePlanPreferences(client.id);
  // Until it is known the lines leave the label owner to the server, which applies it anyway.
  const preference = prefs.data?.labelingPreference ?? null;
  const { storeId, name, errors, setErrors, chooseStore, rename } = usePlanHead();
  const [shipFrom, setShipFrom] = useState<ShipFromDraft>(emptyShipFrom);
  const [shipFromTouched, setShipFromTouched] = useState(false);
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [shipFromErrors, setShipFromErrors] = useState<Partial<Record<ShipFromField, string>>>({});
  const [lineErrors, setLineErrors] = useState<Record<number, LineErrors>>({});
  const [refusal, setRefusal] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  // The warehouse's address arrives after the form opens; it fills the fields until the user edits them.
  useEffect(() => {
    if (prefill.data && !shipFromTouched) setShipFrom(prefill.data);
  }, [prefill.data, shipFromTouched]);
  const inPlan = useMemo(() => new Set(lines.map((l) => l.productId)), [lines]);
  const productIds = useMemo(() => [...inPlan], [inPlan]);
  const available = useAvailableIndex(client.id, productIds);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal([]);
    const n = checkPlanName(name, t);
    const s = checkShipFrom(shipFrom, t);
    const l = checkLines(lines, available, NO_HELD, t);
    const next: PlanHeadErrors = {};
    if (!storeId) next.storeId = t('fba.storeRequired');
    if (n.error) next.name = n.error;
    if (lines.length === 0) next.lines = t('fba.addOneLine');
    setErrors(next);
    setShipFromErrors(s.errors ?? {});
    setLineErrors(l.errors);
    if (Object.keys(next).length || s.errors || Object.keys(l.errors).length || !storeId || !n.name || !s.value) return;
    setBusy(true);
    try {
      const plan = await postAs(
        PLANS,
        { companyId: client.id, storeId, name: n.name, shipFrom: s.value, items: l.items },
        planDetailSchema,
        { quiet: true, inlineRefusal: true },
      );
      refreshAfter(qc, plan);
      toast('success', t('fba.created', { name: plan.name }));
      void navigate({ to: planHref(plan) });
    } catch (err) {
      setRefusal(failureLines(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>{t('fba.newPlan')}</h1>
          <p className="muted">{[client.accountNo, client.name].filter(Boolean).join(' · ')}</p>
        </div>
        <Link to={clientPlansHref(accountSegment(client))} className="btn">
          {t('fba.backToPlans')}
        </Link>
      </div>
      <form className="card form" noValidate onSubmit={(e) => void submit(e)} data-testid="fba-new-plan">
        <PlanStoreAndName
          stores={stores.data}
          storesPending={stores.isPending}
          storeLabel={t('fba.store')}
          storeId={storeId}
          onStore={chooseStore}
          name={name}
          onName={rename}
          maxName={MAX_PLAN_NAME}
          errors={errors}
          noStore={
            <p className="notice" role="status" data-testid="fba-no-store">
              {t('fba.noAmazonStore')}{' '}
              {mayOpen({ resource: 'merchantConnect', action: 'read', warehouseOnly: true }) && (
                <Link to="/apps/account/merchant-connect">{t('nav.MerchantConnect')}</Link>
              )}
            </p>
          }
        />
        <ShipFromFields
          value={shipFrom}
          errors={shipFromErrors}
          onChange={(v, field) => {
            setShipFromTouched(true);
            setShipFrom(v);
            setShipFromErrors(({ [field]: _fixed, ...rest }) => rest);
          }}
        />
        <h2>{t('fba.linesTitle', { count: lines.length })}</h2>
        {preference && (
          <p className="muted" data-testid="fba-label-preference">
            {t('fba.defaultLabelOwner', { owner: t(`fba.owners.${labelOwnerFor(preference)}`) })}
          </p>
        )}
        <LinesEditor
          lines={lines}
          onChange={(next, productId) => {
            setLines(next);
            setLineErrors((e) => withoutLine(e, productId));
          }}
          errors={lineErrors}
          available={available}
          held={NO_HELD}
          preference={preference}
        />
        {errors.lines && <p className="form-error">{errors.lines}</p>}
        <PlanRefusal lines={refusal} testId="fba-refusal" />
        <div className="button-row">
          <button type="submit" className="btn primary" disabled={busy}>
            {t('fba.createPlan')}
          </button>
        </div>
      </form>
      <AvailabilityGrid
        companyId={client.id}
        storeId={storeId}
        inPlan={inPlan}
        onAdd={(row) => {
          setLines((ls) => [...ls, draftFromAvailability(row, preference)]);
          setErrors(({ lines: _added, ...rest }) => rest);
        }}
      />
    </div>
  );
}
