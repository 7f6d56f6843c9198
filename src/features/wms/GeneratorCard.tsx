/**
 * The bulk location generator: levels (type, from, to, zero padding), an optional prefix, a
 * capacity for the innermost locations; Preview shows the count per type, the first and last
 * codes and any that exist already; Create makes all of them or none.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  generatorResultSchema,
  generatorSchema,
  LOCATION_TYPE_NAMES,
  type GeneratorResult as Preview,
} from '../../../domain/schemas/locations';
import { ApiFailure } from '../../api/client';
import { postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';

interface Level {
  type: string;
  from: string;
  to: string;
  pad: string;
}
const START: Level[] = [
  { type: 'aisle', from: 'A', to: 'F', pad: '0' },
  { type: 'rack', from: '1', to: '20', pad: '2' },
  { type: 'level', from: '1', to: '5', pad: '0' },
  { type: 'bin', from: '1', to: '4', pad: '0' },
];

export function GeneratorCard({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const [levels, setLevels] = useState<Level[]>(START);
  const [prefix, setPrefix] = useState('');
  const [capacity, setCapacity] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const spec = () =>
    generatorSchema.safeParse({
      prefix,
      levels: levels.map((l) => ({ ...l, pad: Number(l.pad || 0) })),
      capacity: capacity.trim() ? Number(capacity) : undefined,
    });

  const send = async (create: boolean) => {
    const parsed = spec();
    if (!parsed.success) {
      setError(parsed.error.issues.map((i) => i.message).join('; '));
      setPreview(null);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await postAs('/api/warehouse-location/generate', parsed.data, generatorResultSchema, {
        query: { preview: create ? undefined : 'true' },
        quiet: true,
        inlineRefusal: true,
      });
      setPreview(result);
      if (create) {
        toast('success', t('wms.created', { count: result.created }));
        onCreated();
      }
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const set = (i: number, patch: Partial<Level>) => {
    setLevels(levels.map((l, j) => (j === i ? { ...l, ...patch } : l)));
    setPreview(null);
  };

  return (
    <section className="card form" aria-labelledby="generator-head" data-testid="location-generator">
      <h2 id="generator-head">{t('wms.generatorTitle')}</h2>
      <p className="muted">{t('wms.generatorHelp')}</p>
      <div className="form-row">
        <label>
          {t('wms.prefix')}
          <input
            name="prefix"
            value={prefix}
            maxLength={8}
            onChange={(e) => {
              setPrefix(e.target.value);
              setPreview(null);
            }}
          />
        </label>
        <label>
          {t('wms.capacityInner')}
          <input
            name="generatorCapacity"
            type="number"
            min={1}
            value={capacity}
            onChange={(e) => {
              setCapacity(e.target.value);
              setPreview(null);
            }}
          />
        </label>
      </div>
      {levels.map((l, i) => (
        <div className="form-row generator-level" key={i} data-level={i}>
          <label>
            {t('wms.level', { n: i + 1 })}
            <select name={`level${i}.type`} value={l.type} onChange={(e) => set(i, { type: e.target.value })}>
              {LOCATION_TYPE_NAMES.map((type) => (
                <option key={type} value={type}>
                  {t(`wms.types.${type}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('wms.from')}
            <input name={`level${i}.from`} value={l.from} onChange={(e) => set(i, { from: e.target.value })} />
          </label>
          <label>
            {t('wms.to')}
            <input name={`level${i}.to`} value={l.to} onChange={(e) => set(i, { to: e.target.value })} />
          </label>
          <label>
            {t('wms.pad')}
            <input
              name={`level${i}.pad`}
              type="number"
              min={0}
              max={4}
              value={l.pad}
              onChange={(e) => set(i, { pad: e.target.value })}
            />
          </label>
          <button
            type="button"
            className="btn"
            disabled={levels.length === 1}
            onClick={() => {
              setLevels(levels.filter((_, j) => j !== i));
              setPreview(null);
            }}
          >
            {t('wms.removeLevel')}
          </button>
        </div>
      ))}
      <div className="button-row">
        <button
          type="button"
          className="btn"
          disabled={levels.length >= 6}
          onClick={() => setLevels([...levels, { type: 'bin', from: '1', to: '4', pad: '0' }])}
        >
          {t('wms.addLevel')}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => void send(false)}>
          {t('wms.preview')}
        </button>
        <button
          type="button"
          className="btn primary"
          disabled={busy || !preview || preview.existingCount > 0 || preview.created > 0}
          onClick={() => void send(true)}
        >
          {preview && !preview.created ? t('wms.createCount', { count: preview.count }) : t('wms.create')}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {preview && (
        <div role="status" data-testid="generator-preview">
          <p>
            <strong>{t('wms.previewCount', { count: preview.count })}</strong>{' '}
            {Object.entries(preview.byType)
              .map(([type, n]) => `${n} × ${t(`wms.types.${type}`)}`)
              .join(' · ')}
          </p>
          <p className="codes">{[...preview.first, '…', ...preview.last].join('  ')}</p>
          {preview.existingCount > 0 && (
            <p className="form-error">
              {t('wms.existing', { count: preview.existingCount, codes: preview.existing.slice(0, 5).join(', ') })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
