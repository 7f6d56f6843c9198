/**
 * Purchase orders (/apps/inbound/uploaded-batches/po/:type): the client's announced batches, by
 * the workflow of their items (`:type`: all, FBA prep, WFS prep, FBM, storage) and by stage
 * (open, receiving, received). A new batch starts here or from a CSV upload.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BATCH_STAGES,
  batchCreateSchema,
  batchDetailSchema,
  batchPageSchema,
  PO_LIST_TYPES,
  type BatchListRow as Row,
  type BatchStage,
  type PoListType,
} from '../../../../domain/schemas/inbound';
import { ApiFailure } from '../../../api/client';
import { getAs, postAs } from '../../../api/typed';
import { useSession } from '../../../app/session';
import { DataGrid } from '../../../ui/DataGrid';
import { ClientSelect } from './ClientSelect';
import { isWarehouseUser } from './clients';
import { formatDate } from '../../../../domain/format';

export default function PurchaseOrdersPage() {
  const { t, i18n } = useTranslation();
  const params = useParams({ strict: false }) as { type?: string };
  const type: PoListType = (PO_LIST_TYPES as readonly string[]).includes(params.type ?? '')
    ? (params.type as PoListType)
    : 'all';
  const [stage, setStage] = useState<BatchStage | ''>('');
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();

  const columns: ColumnDef<Row, unknown>[] = [
    {
      accessorKey: 'batchName',
      header: t('po.batchName'),
      enableSorting: false,
      cell: ({ row }) => (
        <Link to="/apps/inbound/batch-workspace/$batchId" params={{ batchId: String(row.original.id) }}>
          {row.original.batchName}
        </Link>
      ),
    },
    {
      accessorKey: 'companyName',
      header: t('po.client'),
      enableSorting: false,
      cell: ({ row }) => `${row.original.accountNo ?? ''} ${row.original.companyName}`.trim(),
    },
    {
      accessorKey: 'stage',
      header: t('po.stage'),
      enableSorting: false,
      cell: ({ getValue }) => (
        <span className={`pill stage-${String(getValue())}`}>{t(`po.stages.${String(getValue())}`)}</span>
      ),
    },
    { accessorKey: 'items', header: t('po.items'), enableSorting: false },
    {
      id: 'units',
      header: t('po.units'),
      enableSorting: false,
      cell: ({ row }) =>
        t('po.unitsOf', {
          received: row.original.receivedUnits + row.original.damagedUnits,
          expected: row.original.expectedUnits,
        }),
    },
    {
      id: 'packages',
      header: t('po.packages'),
      enableSorting: false,
      cell: ({ row }) => t('po.unitsOf', { received: row.original.delivered, expected: row.original.packages }),
    },
    {
      accessorKey: 'createdAt',
      header: t('po.created'),
      enableSorting: false,
      cell: ({ getValue }) => formatDate(i18n.language, String(getValue())),
    },
  ];

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('po.title')}</h1>
        <div className="button-row">
          <button type="button" className="btn" onClick={() => setCreating(true)}>
            {t('po.newBatch')}
          </button>
          <Link to="/apps/inbound/file-upload" className="btn primary">
            {t('po.uploadCsv')}
          </Link>
        </div>
      </div>
      {creating && (
        <NewBatchForm
          onCancel={() => setCreating(false)}
          onCreated={(id) =>
            void navigate({ to: '/apps/inbound/batch-workspace/$batchId', params: { batchId: String(id) } })
          }
        />
      )}
      <nav className="tabs" aria-label={t('po.workflow')}>
        {PO_LIST_TYPES.map((k) => (
          <Link
            key={k}
            to="/apps/inbound/uploaded-batches/po/$type"
            params={{ type: k }}
            className={`tab ${k === type ? 'active' : ''}`}
            aria-current={k === type ? 'page' : undefined}
          >
            {t(`po.types.${k}`)}
          </Link>
        ))}
      </nav>
      <DataGrid<Row>
        id="purchase-orders"
        columns={columns}
        filters={{ stage, type }}
        fetchPage={(q) =>
          getAs('/api/ship/batch', batchPageSchema, {
            query: {
              pageNumber: q.pageNumber,
              pageSize: q.pageSize,
              q: q.q,
              stage: stage || undefined,
              itemAction: type === 'all' ? undefined : type,
            },
            background: true,
          })
        }
        onRowOpen={(r) =>
          void navigate({ to: '/apps/inbound/batch-workspace/$batchId', params: { batchId: String(r.id) } })
        }
        toolbar={
          <div className="segmented" role="group" aria-label={t('po.stage')}>
            {(['', ...BATCH_STAGES] as const).map((s) => (
              <button
                key={s || 'any'}
                type="button"
                className={`btn ${stage === s ? 'primary' : ''}`}
                aria-pressed={stage === s}
                onClick={() => setStage(s)}
              >
                {s ? t(`po.stages.${s}`) : t('po.anyStage')}
              </button>
            ))}
          </div>
        }
      />
    </div>
  );
}

/** Announce a batch by name and tracking numbers; its items are added in the workspace or by CSV. */
function NewBatchForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const warehouse = isWarehouseUser(useSession((s) => s.user?.audience));
  const [batchName, setBatchName] = useState('');
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [tracking, setTracking] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = {
      batchName,
      companyId: companyId ?? undefined,
      trackingNumbers: tracking.split(/[\s,;]+/).filter(Boolean),
      items: [],
    };
    const parsed = batchCreateSchema.safeParse(input);
    const errs: Record<string, string> = parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    if (warehouse && !companyId) errs.companyId = t('po.clientRequired');
    setErrors(errs);
    if (!parsed.success || Object.keys(errs).length) return;
    setBusy(true);
    try {
      const batch = await postAs('/api/ship/batch', parsed.data, batchDetailSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      onCreated(batch.id);
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form" noValidate onSubmit={(e) => void submit(e)} aria-label={t('po.newBatch')}>
      <label>
        {t('po.batchName')}
        <input name="batchName" value={batchName} onChange={(e) => setBatchName(e.target.value)} autoFocus />
        {errors.batchName && <span className="form-error">{errors.batchName}</span>}
      </label>
      {warehouse && <ClientSelect value={companyId} onChange={setCompanyId} error={errors.companyId} />}
      <label>
        {t('po.trackingNumbers')}
        <textarea
          name="trackingNumbers"
          rows={3}
          value={tracking}
          onChange={(e) => setTracking(e.target.value)}
          placeholder={t('po.trackingHint')}
        />
        {errors.trackingNumbers && <span className="form-error">{errors.trackingNumbers}</span>}
      </label>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="btn primary" disabled={busy}>
          {t('po.create')}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('po.cancel')}
        </button>
      </div>
    </form>
  );
}
