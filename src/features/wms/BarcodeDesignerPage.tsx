/**
 * Location barcode designer (/apps/wms/actions/location-barcode-designer): the tenant's location
 * label designs — size, arrow, and what each part of a code names — with a live preview of a
 * sample code; the default design is what the Locations screen prints with.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LOCATION_DESIGN,
  designDeletedSchema,
  LOCATION_LABEL_SIZES,
  LOCATION_SEGMENTS,
  locationDesignSchema,
  locationLabelFromDesign,
  savedLocationDesignSchema,
  type LocationDesign,
  type SavedLocationDesign as Saved,
  type LocationSegment,
} from '../../../domain/schemas/label-designs';
import { ARROW_DIRECTIONS } from '../../../domain/schemas/labels';
import { z } from 'zod';
import { ApiFailure } from '../../api/client';
import { delAs, getAs, postAs, putAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';

const KEY = ['location-designs'];

export default function BarcodeDesignerPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const toast = useFeedback((s) => s.toast);
  const designs = useQuery({
    queryKey: KEY,
    queryFn: () => getAs('/api/warehouse-location/barcode-designs', z.array(savedLocationDesignSchema)),
  });
  const [editing, setEditing] = useState<Saved | null>(null);
  const [v, setV] = useState<LocationDesign>({ ...DEFAULT_LOCATION_DESIGN, name: '', isDefault: false });
  const [sample, setSample] = useState('A-01-3-2');
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // The preview follows the form, a moment after it changes.
  useEffect(() => {
    let stale = false;
    const timer = setTimeout(() => {
      void import('../../../printing/index')
        .then(({ renderLabel }) =>
          renderLabel({
            template: 'location',
            format: 'svg',
            size: v.size,
            data: locationLabelFromDesign(sample.trim().toUpperCase() || 'A-01', v),
          }),
        )
        .then(
          (r) => !stale && setPreview(r.data as string),
          () => !stale && setPreview(null),
        );
    }, 150);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [v, sample]);

  const pick = (d: Saved | null) => {
    setEditing(d);
    setV(d ? { ...d } : { ...DEFAULT_LOCATION_DESIGN, name: '', isDefault: false });
    setErrors({});
  };
  const setSegment = (i: number, seg: LocationSegment | '') => {
    const next = [...v.segments];
    if (seg) next[i] = seg;
    else next.splice(i, 1);
    setV({ ...v, segments: next });
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = locationDesignSchema.safeParse(v);
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
    try {
      const saved = editing
        ? await putAs(`/api/warehouse-location/barcode-designs/${editing.id}`, parsed.data, savedLocationDesignSchema, {
            quiet: true,
            inlineRefusal: true,
          })
        : await postAs('/api/warehouse-location/barcode-designs', parsed.data, savedLocationDesignSchema, {
            quiet: true,
            inlineRefusal: true,
          });
      toast('success', t('designer.saved'));
      await qc.invalidateQueries({ queryKey: KEY });
      pick(saved);
    } catch (err) {
      setErrors({ form: err instanceof ApiFailure ? err.message : String(err) });
    }
  };
  const remove = async () => {
    if (!editing || !window.confirm(t('designer.deleteConfirm', { name: editing.name }))) return;
    await delAs(`/api/warehouse-location/barcode-designs/${editing.id}`, designDeletedSchema);
    await qc.invalidateQueries({ queryKey: KEY });
    pick(null);
  };

  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('designer.title')}</h1>
        <Link className="btn" to="/apps/wms/locations">
          {t('wms.title')}
        </Link>
      </div>
      <section className="card" aria-label={t('designer.saved')}>
        <h2>{t('designer.designs')}</h2>
        {designs.isLoading && <p className="muted">{t('app.loading')}</p>}
        {designs.data?.length === 0 && <p className="grid-state">{t('designer.none')}</p>}
        <div className="button-row" data-testid="designs">
          {(designs.data ?? []).map((d) => (
            <button
              key={d.id}
              type="button"
              className={`btn ${editing?.id === d.id ? 'primary' : ''}`}
              onClick={() => pick(d)}
            >
              {d.name}
              {d.isDefault ? ` · ${t('designer.default')}` : ''}
            </button>
          ))}
          <button type="button" className="btn" onClick={() => pick(null)}>
            {t('designer.new')}
          </button>
        </div>
      </section>
      <div className="designer">
        <form className="card form" noValidate onSubmit={(e) => void save(e)} aria-label={t('designer.title')}>
          <label>
            {t('designer.name')}
            <input
              name="name"
              value={v.name}
              onChange={(e) => setV({ ...v, name: e.target.value })}
              aria-invalid={!!errors.name}
            />
            {errors.name && <span className="form-error">{errors.name}</span>}
          </label>
          <label>
            {t('designer.size')}
            <select
              name="size"
              value={v.size}
              onChange={(e) => setV({ ...v, size: e.target.value as LocationDesign['size'] })}
            >
              {LOCATION_LABEL_SIZES.map((s) => (
                <option key={s} value={s}>
                  {s.replace('x', ' × ')} in
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('designer.arrow')}
            <select
              name="arrow"
              value={v.arrow}
              onChange={(e) => setV({ ...v, arrow: e.target.value as LocationDesign['arrow'] })}
            >
              {(['none', ...ARROW_DIRECTIONS] as const).map((a) => (
                <option key={a} value={a}>
                  {t(`designer.arrows.${a}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              name="showHierarchy"
              checked={v.showHierarchy}
              onChange={(e) => setV({ ...v, showHierarchy: e.target.checked })}
            />
            {t('designer.showHierarchy')}
          </label>
          <fieldset disabled={!v.showHierarchy}>
            <legend>{t('designer.segments')}</legend>
            {v.segments.map((seg, i) => (
              <label key={i}>
                {t('designer.part', { n: i + 1 })}
                <select
                  name={`segment${i}`}
                  value={seg}
                  onChange={(e) => setSegment(i, e.target.value as LocationSegment | '')}
                >
                  {LOCATION_SEGMENTS.map((s) => (
                    <option key={s} value={s}>
                      {t(`designer.levels.${s}`)}
                    </option>
                  ))}
                  {v.segments.length > 1 && <option value="">{t('designer.removePart')}</option>}
                </select>
              </label>
            ))}
            {v.segments.length < LOCATION_SEGMENTS.length && (
              <button
                type="button"
                className="btn"
                onClick={() =>
                  setV({ ...v, segments: [...v.segments, LOCATION_SEGMENTS.find((s) => !v.segments.includes(s))!] })
                }
              >
                {t('designer.addPart')}
              </button>
            )}
            {errors.segments && <span className="form-error">{errors.segments}</span>}
          </fieldset>
          <label className="checkbox">
            <input
              type="checkbox"
              name="isDefault"
              checked={v.isDefault}
              onChange={(e) => setV({ ...v, isDefault: e.target.checked })}
            />
            {t('designer.makeDefault')}
          </label>
          {errors.form && (
            <p className="form-error" role="alert">
              {errors.form}
            </p>
          )}
          <div className="button-row">
            <button type="submit" className="btn primary">
              {t('designer.save')}
            </button>
            {editing && (
              <button type="button" className="btn" onClick={() => void remove()}>
                {t('designer.delete')}
              </button>
            )}
          </div>
        </form>
        <section className="card" aria-label={t('designer.preview')}>
          <h2>{t('designer.preview')}</h2>
          <label>
            {t('designer.sample')}
            <input name="sample" value={sample} onChange={(e) => setSample(e.target.value)} />
          </label>
          {preview ? (
            <img
              className="label-preview"
              data-testid="design-preview"
              alt={t('designer.preview')}
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(preview)}`}
            />
          ) : (
            <p className="muted">{t('app.loading')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
