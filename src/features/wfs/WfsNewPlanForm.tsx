/**
 * A new WFS plan for a client (/apps/outbound/wfs/items/:accountNo): its Walmart store, a name,
 * where the boxes ship from (the client's default WFS shipping template, else the warehouse's
 * address; editable) and its lines from what the client holds at PREP-WFS, each within what is
 * available. Created, it holds its units and opens at its items step.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { AvailabilityRow } from '../../../domain/schemas/fba';
import { storeRowSchema } from '../../../domain/schemas/stores';
import { MAX_WFS_NAME, wfsPlanDetailSchema } from '../../../domain/schemas/wfs';
import { wfsTemplatePageSchema } from '../../../domain/schemas/wfs-templates';
import { getAs, postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';
import type { ClientOption } from '../inbound/purchase-orders/clients';
import { failureLines } from '../fba/api';
import { useAvailableIndex } from '../fba/availability';
import { AvailabilityGrid } from '../fba/AvailabilityGrid';
import { accountSegment } from '../fba/clients';
import { checkShipFrom, emptyShipFrom, type ShipFromDraft, type ShipFromField } from '../fba/ship-from';
import { ShipFromFields } from '../fba/ShipFromFields';
import { PlanRefusal, PlanStoreAndName, usePlanHead, type PlanHeadErrors } from '../fba/PlanStoreAndName';
import { useWarehouseShipFrom } from '../fba/warehouse-address';
import { WFS_TEMPLATES_API } from '../wfs-templates/WfsTemplateForm';
import { refreshWfs, WFS_AVAILABLE, WFS_PLANS, wfsKeys } from './api';
import { checkWfsLines, type WfsDraftLine } from './lines';
import { LineQuantityInput } from './LineQuantityInput';
import { wfsClientPlansHref, wfsPlanHref } from './links';
import { defaultTemplate, shipFromTemplate, walmartShipFromErrors } from './ship-from';
import { formatNumber } from '../../../domain/format';

export function WfsNewPlanForm({ client }: { client: ClientOption }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const stores = useQuery({
    queryKey: wfsKeys.stores(client.id),
    queryFn: async () =>
      (
        await getAs('/api/common/stores', z.array(storeRowSchema), {
          query: { companyId: client.id },
          quiet: true,
          background: true,
        })
      ).filter((s) => s.companyId === client.id && s.marketplace === 'walmart'),
  });
  const template = useQuery({
    queryKey: wfsKeys.template(client.id),
    queryFn: async () =>
      defaultTemplate(
        (
          await getAs(WFS_TEMPLATES_API, wfsTemplatePageSchema, {
            query: { pageNumber: 1, pageSize: 200, companyId: client.id },
            quiet: true,
            background: true,
          })
        ).content,
        client.id,
      ),
    retry: false,
  });
  const warehouse = useWarehouseShipFrom();
  const { storeId, name, errors, setErrors, chooseStore, rename } = usePlanHead();
  const [shipFrom, setShipFrom] = useState<ShipFromDraft>(emptyShipFrom);
  const [shipFromTouched, setShipFromTouched] = useState(false);
  const [lines, setLines] = useState<WfsDraftLine[]>([]);
  const [shipFromErrors, setShipFromErrors] = useState<Partial<Record<ShipFromField, string>>>({});
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [refusal, setRefusal] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  // The default template's address (else the warehouse's) fills the fields until the user edits them.
  const prefill = useMemo(
    () =>
      template.isPending ? undefined : template.data ? shipFromTemplate(template.data, client.name) : warehouse.data,
    [template.isPending, template.data, warehouse.data, client.name],
  );
  useEffect(() => {
    if (prefill && !shipFromTouched) setShipFrom(prefill);
  }, [prefill, shipFromTouched]);
  const inPlan = useMemo(() => new Set(lines.map((l) => l.productId)), [lines]);
  const productIds = useMemo(() => [...inPlan], [inPlan]);
  const available = useAvailableIndex(client.id, productIds, WFS_AVAILABLE, wfsKeys.availableGrid(client.id));
  const n = (v: number) => formatNumber(i18n.language, v);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal([]);
    const next: PlanHeadErrors = {};
    if (!storeId) next.storeId = t('wfs.storeRequired');
    const trimmed = name.trim();
    if (!trimmed) next.name = t('fba.nameRequired');
    else if (trimmed.length > MAX_WFS_NAME) next.name = t('wfs.nameTooLong', { max: MAX_WFS_NAME });
    if (lines.length === 0) next.lines = t('fba.addOneLine');
    const s = checkShipFrom(shipFrom, t);
    const sErrors = { ...walmartShipFromErrors(shipFrom, t), ...(s.errors ?? {}) };
    const l = checkWfsLines(lines, available, t);
    setErrors(next);
    setShipFromErrors(sErrors);
    setLineErrors(l.errors);
    if (Object.keys(next).length || Object.keys(sErrors).length || Object.keys(l.errors).length || !s.value) return;
    setBusy(true);
    try {
      const plan = await postAs(
        WFS_PLANS,
        { companyId: client.id, storeId, name: trimmed, shipFrom: s.value, items: l.items },
        wfsPlanDetailSchema,
        { quiet: true, inlineRefusal: true },
      );
      refreshWfs(qc, plan);
      toast('success', t('fba.created', { name: plan.name }));
      void navigate({ to: wfsPlanHref(plan) });
    } catch (err) {
      setRefusal(failureLines(err));
    } finally {
      setBusy(false);
    }
  };

  const add = (row: AvailabilityRow) => {
    setLines((ls) => [
      ...ls,
      {
        productId: row.productId,
        title: row.title,
        codes: row.msku ?? row.productKey,
        quantity: String(Math.min(1, row.available)),
      },
    ]);
    setErrors(({ lines: _added, ...rest }) => rest);
  };

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>{t('wfs.newPlan')}</h1>
          <p className="muted">{[client.accountNo, client.name].filter(Boolean).join(' · ')}</p>
        </div>
        <Link to={wfsClientPlansHref(accountSegment(client))} className="btn">
          {t('fba.backToPlans')}
        </Link>
      </div>
      <form className="card form" noValidate onSubmit={(e) => void submit(e)} data-testid="wfs-new-plan-form">
        <PlanStoreAndName
          stores={stores.data}
          storesPending={stores.isPending}
          storeLabel={t('wfs.store')}
          storeId={storeId}
          onStore={chooseStore}
          name={name}
          onName={rename}
          maxName={MAX_WFS_NAME}
          errors={errors}
          noStore={
            <p className="notice" role="status" data-testid="wfs-no-store">
              {t('wfs.noWalmartStore')}
            </p>
          }
        />
        {template.data && (
          <p className="muted" data-testid="wfs-template-used">
            {t('wfs.fromTemplate', { name: template.data.name })}
          </p>
        )}
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
        {lines.length === 0 ? (
          <p className="muted">{t('wfs.noLinesYet')}</p>
        ) : (
          <div className="table-wrap">
            <table className="grid" data-testid="wfs-lines">
              <thead>
                <tr>
                  <th>{t('po.fields.title')}</th>
                  <th>{t('po.codes')}</th>
                  <th>{t('fba.available')}</th>
                  <th>{t('fba.units')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {lines.map((l) => (
                  <tr key={l.productId} data-product={l.productId}>
                    <td>{l.title}</td>
                    <td>
                      <code>{l.codes}</code>
                    </td>
                    <td>{available.has(l.productId) ? n(available.get(l.productId)!) : '…'}</td>
                    <td>
                      <LineQuantityInput
                        productId={l.productId}
                        value={l.quantity}
                        max={available.get(l.productId)}
                        error={lineErrors[l.productId]}
                        onChange={(quantity) => {
                          setLines((ls) => ls.map((x) => (x.productId === l.productId ? { ...x, quantity } : x)));
                          setLineErrors(({ [l.productId]: _fixed, ...rest }) => rest);
                        }}
                      />
                    </td>
                    <td>
                      <button
                        type="button"
                        className="btn small"
                        onClick={() => setLines((ls) => ls.filter((x) => x.productId !== l.productId))}
                      >
                        {t('fba.removeLine', { title: l.title })}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {errors.lines && <p className="form-error">{errors.lines}</p>}
        <PlanRefusal lines={refusal} testId="wfs-refusal" />
        <div className="button-row">
          <button type="submit" className="btn primary" disabled={busy} data-testid="wfs-create">
            {t('fba.createPlan')}
          </button>
        </div>
      </form>
      <AvailabilityGrid
        companyId={client.id}
        inPlan={inPlan}
        onAdd={add}
        endpoint={WFS_AVAILABLE}
        gridId={wfsKeys.availableGrid(client.id)}
        words="wfs"
      />
    </div>
  );
}
