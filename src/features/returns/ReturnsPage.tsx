/**
 * FBM return orders (/apps/inbound/uploaded-batches/fbm/:type) and Amazon FBA removals
 * (/apps/inbound/uploaded-batches/fba/:type): what is expected back, by stage (`:type`: expected,
 * receiving, received, all). Pulled from Amazon by the store settings (pull now per store), or
 * uploaded by file (all or nothing, a row report). Each opens to its lines and received state, with
 * the links into the receiving flow.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jobStartedSchema } from '../../../domain/schemas/jobs';
import {
  RETURN_LIST_TYPES,
  returnPageSchema,
  returnStoreListSchema,
  type ReturnRow,
} from '../../../domain/schemas/returns';
import { ApiFailure, post } from '../../api/client';
import { getAs, postAs } from '../../api/typed';
import { DataGrid } from '../../ui/DataGrid';
import { kindOfSegment, listTypeOf, nounKey, segmentOfPath } from './kind';
import { ReturnsUpload } from './ReturnsUpload';
import { formatDate } from '../../../domain/format';

export default function ReturnsPage() {
  const { t, i18n } = useTranslation();
  const segment = segmentOfPath(useLocation().pathname);
  const kind = kindOfSegment(segment);
  const noun = nounKey(segment);
  const type = listTypeOf((useParams({ strict: false }) as { type?: string }).type);
  const navigate = useNavigate();
  const [uploading, setUploading] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [storeId, setStoreId] = useState<number | null>(null);
  const listPath =
    segment === 'fbm' ? '/apps/inbound/uploaded-batches/fbm/$type' : '/apps/inbound/uploaded-batches/fba/$type';
  const detailPath =
    segment === 'fbm'
      ? '/apps/inbound/uploaded-batches/fbm/$type/$returnId'
      : '/apps/inbound/uploaded-batches/fba/$type/$returnId';

  const stores = useQuery({
    queryKey: ['return-stores', segment],
    queryFn: () => getAs(`/api/returns/${segment}/stores`, returnStoreListSchema, { background: true }),
  });
  const chosen = stores.data?.find((s) => s.id === storeId) ?? stores.data?.[0];

  const pullNow = async () => {
    if (!chosen) return;
    setOutcome(null);
    try {
      const r = await postAs(`/api/returns/${segment}/pull`, { storeId: chosen.id }, jobStartedSchema, {
        quiet: true,
        inlineRefusal: true,
      });
      setOutcome({ ok: true, text: r.jobId ? t('returns.pullQueued') : t('returns.pullWaiting') });
    } catch (err) {
      setOutcome({ ok: false, text: err instanceof ApiFailure ? err.message : String(err) });
    }
  };

  // The store's hourly pull, switched here where its returns are listed (a STORE setting).
  // The box follows the click at once; the store's answer replaces it once saved (or puts it back).
  const [pullChoice, setPullChoice] = useState<boolean | null>(null);
  const pulling = pullChoice ?? (chosen ? (segment === 'fbm' ? chosen.pullReturns : chosen.pullRemovals) : false);
  const [savingPull, setSavingPull] = useState(false);
  const setPulling = async (on: boolean) => {
    if (!chosen) return;
    setOutcome(null);
    setPullChoice(on);
    setSavingPull(true);
    try {
      await post(
        '/api/common/settings/create-or-update',
        {
          referenceType: 'STORE',
          referenceId: chosen.id,
          companyId: chosen.companyId,
          settingKey: segment === 'fbm' ? 'STORE_PULL_AMZ_RETURN_ORDER' : 'STORE_PULL_AMZ_REMOVAL_ORDER',
          value: JSON.stringify(on),
        },
        { quiet: true, inlineRefusal: true },
      );
      await stores.refetch();
    } catch (err) {
      setOutcome({ ok: false, text: err instanceof ApiFailure ? err.message : String(err) });
    } finally {
      setPullChoice(null);
      setSavingPull(false);
    }
  };

  const open = (r: ReturnRow) => void navigate({ to: detailPath, params: { type, returnId: String(r.id) } });

  const columns: ColumnDef<ReturnRow, unknown>[] = [
    {
      id: 'reference',
      header: t(`${noun}.reference`),
      enableSorting: false,
      cell: ({ row }) => (
        <Link to={detailPath} params={{ type, returnId: String(row.original.id) }}>
          {row.original.rma ?? row.original.orderId}
        </Link>
      ),
    },
    { accessorKey: 'orderId', header: t(`${noun}.orderId`), enableSorting: false },
    {
      id: 'client',
      header: t('returns.client'),
      enableSorting: false,
      cell: ({ row }) => `${row.original.accountNo ?? ''} ${row.original.companyName}`.trim(),
    },
    {
      accessorKey: 'trackingNumber',
      header: t('returns.tracking'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.trackingNumber
          ? `${row.original.carrier ? `${row.original.carrier} ` : ''}${row.original.trackingNumber}`
          : t('returns.noTracking'),
    },
    {
      accessorKey: 'stage',
      header: t('returns.stage'),
      enableSorting: false,
      cell: ({ getValue }) => (
        <span className={`pill stage-${String(getValue())}`}>{t(`returns.stages.${String(getValue())}`)}</span>
      ),
    },
    {
      id: 'units',
      header: t('returns.units'),
      enableSorting: false,
      cell: ({ row }) =>
        t('returns.unitsOf', {
          counted: row.original.sellableUnits + row.original.problemUnits,
          expected: row.original.expectedUnits,
        }),
    },
    {
      accessorKey: 'problemUnits',
      header: t('returns.problems'),
      enableSorting: false,
    },
    {
      accessorKey: 'source',
      header: t('returns.source'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.source === 'amazon'
          ? (row.original.storeName ?? t('returns.sources.amazon'))
          : t('returns.sources.upload'),
    },
    {
      id: 'date',
      header: t(`${noun}.date`),
      enableSorting: false,
      cell: ({ row }) => {
        const at = row.original.requestedAt ?? row.original.createdAt;
        return formatDate(i18n.language, at);
      },
    },
  ];

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t(`${noun}.title`)}</h1>
        <div className="button-row">
          <button type="button" className="btn primary" onClick={() => setUploading((u) => !u)}>
            {t('returns.upload')}
          </button>
        </div>
      </div>
      <p className="muted">{t(`${noun}.help`)}</p>
      {uploading && <ReturnsUpload segment={segment} kind={kind} onClose={() => setUploading(false)} />}
      {stores.data && stores.data.length > 0 && (
        <section className="card form-inline" aria-label={t('returns.pullTitle')}>
          <label>
            {t('returns.store')}
            <select name="storeId" value={chosen?.id ?? ''} onChange={(e) => setStoreId(Number(e.target.value))}>
              {stores.data.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          {chosen && (
            <label className="checkbox" data-testid="pull-setting">
              <input
                type="checkbox"
                name="pullHourly"
                checked={pulling}
                disabled={savingPull}
                onChange={(e) => void setPulling(e.target.checked)}
              />
              {t(`${noun}.pullHourly`)}
            </label>
          )}
          <button type="button" className="btn" onClick={() => void pullNow()} disabled={!chosen}>
            {t('returns.pullNow')}
          </button>
          {outcome && (
            <span role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'muted' : 'form-error'}>
              {outcome.text}
            </span>
          )}
        </section>
      )}
      <nav className="tabs" aria-label={t('returns.stage')}>
        {RETURN_LIST_TYPES.map((k) => (
          <Link
            key={k}
            to={listPath}
            params={{ type: k }}
            className={`tab ${k === type ? 'active' : ''}`}
            aria-current={k === type ? 'page' : undefined}
          >
            {t(`returns.types.${k}`)}
          </Link>
        ))}
      </nav>
      <DataGrid<ReturnRow>
        id={`returns-${segment}`}
        columns={columns}
        filters={{ type }}
        fetchPage={(q) =>
          getAs(`/api/returns/${segment}`, returnPageSchema, {
            query: {
              pageNumber: q.pageNumber,
              pageSize: q.pageSize,
              q: q.q,
              stage: type === 'all' ? undefined : type,
            },
            background: true,
          })
        }
        onRowOpen={open}
      />
    </div>
  );
}
