/**
 * Close a box: its size from the warehouse's presets or typed, its weight typed or sent by a USB
 * scale (a burst while the weight field has focus is a reading — see wedge-route.ts), the preset's
 * tare optionally added. Judged with Amazon's limits as it is typed; TEAM LIFT said before sending.
 * The CLOSE BOX command barcode asks the form of its box: it closes the box when the size and
 * weight are there, else puts the focus in the first field that needs them (the weight field: a
 * scale's reading goes into it), so the packer need not reach for the mouse.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readScale } from '../../../domain/rules/bench';
import type { BenchBoxRow, BoxPreset } from '../../../domain/schemas/bench';
import { setBench, useBenchStore, type BenchState } from './bench-store';
import { checkClose, withPreset, type CloseDraft, type CloseField } from './close-check';
import { BoxProblems } from './BoxProblems';
import { cachedPresets } from './preset-cache';
import { loadPresets } from './presets';

const EMPTY: CloseDraft = { lengthIn: '', widthIn: '', heightIn: '', weight: '', addTare: false, preset: null };

interface Props {
  box: BenchBoxRow;
  units: number;
  maxWeightLb: number | null;
  onClose: (
    box: BenchBoxRow,
    m: NonNullable<ReturnType<typeof checkClose>['measure']>,
    preset: string | null,
  ) => Promise<boolean>;
}

export function CloseBoxForm({ box, units, maxWeightLb, onClose }: Props) {
  const { t } = useTranslation();
  const [presets, setPresets] = useState<BoxPreset[]>(cachedPresets);
  const [draft, setDraft] = useState<CloseDraft>(EMPTY);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const reading = useBenchStore((s) => s.scaleReading);

  useEffect(() => {
    let live = true;
    void loadPresets().then((r) => live && setPresets(r.presets));
    return () => {
      live = false;
    };
  }, []);
  // A new box starts with the last box's size (benches pack runs of one size) but no weight.
  useEffect(() => setDraft((d) => ({ ...d, weight: '' })), [box.id]);
  useEffect(() => {
    if (reading) setDraft((d) => ({ ...d, weight: String(reading.lb) }));
  }, [reading]);
  useEffect(() => () => setBench({ weightFocused: false }), []);

  const check = checkClose(draft, units, maxWeightLb);
  const form = useRef<HTMLFormElement>(null);
  const fieldError = (f: CloseField) =>
    tried && check.fields[f] ? <span className="form-error">{t(`bench.close.field.${check.fields[f]}`)}</span> : null;
  const dimension = (f: 'lengthIn' | 'widthIn' | 'heightIn') => (
    <label className="field">
      <span>{t(`bench.close.${f}`)}</span>
      <input
        name={f}
        inputMode="decimal"
        autoComplete="off"
        value={draft[f]}
        aria-invalid={tried && !!check.fields[f]}
        onChange={(e) => setDraft({ ...draft, [f]: e.target.value, preset: null })}
      />
      {fieldError(f)}
    </label>
  );

  const submit = async () => {
    setTried(true);
    if (!check.measure || check.problems.length) return;
    setBusy(true);
    const ok = await onClose(box, check.measure, draft.preset?.name ?? null);
    setBusy(false);
    if (ok) {
      setTried(false);
      setDraft((d) => ({ ...d, weight: '' }));
    }
  };

  // The CLOSE BOX command, answered outside React's render (no re-render of the form on a scan).
  const latest = useRef({ check, submit });
  latest.current = { check, submit };
  useEffect(() => {
    const answer = (request: BenchState['closeRequest']) => {
      if (!request || request.boxId !== box.id) return;
      setBench({ closeRequest: null });
      const { check: now, submit: close } = latest.current;
      if (now.measure && !now.problems.length) {
        setBench({
          last: {
            kind: 'done',
            code: t('bench.commands.close_box.name'),
            words: { key: 'closing', values: { boxNo: box.boxNo } },
          },
        });
        void close();
        return;
      }
      const field = (['lengthIn', 'widthIn', 'heightIn', 'weight'] as const).find((f) => now.fields[f]) ?? 'weight';
      const input = form.current?.querySelector<HTMLInputElement>(`input[name=${field}]`);
      input?.focus();
      input?.select();
      form.current?.scrollIntoView?.({ block: 'nearest' });
    };
    answer(useBenchStore.getState().closeRequest);
    return useBenchStore.subscribe((s, before) => {
      if (s.closeRequest !== before.closeRequest) answer(s.closeRequest);
    });
  }, [box.id, box.boxNo, t]);

  return (
    <form
      ref={form}
      className="card bench-close"
      data-testid="bench-close"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <h3>{t('bench.close.title', { boxNo: box.boxNo })}</h3>
      <label className="field">
        <span>{t('bench.close.preset')}</span>
        <select
          name="preset"
          value={draft.preset?.name ?? ''}
          onChange={(e) => setDraft(withPreset(draft, presets.find((p) => p.name === e.target.value) ?? null))}
        >
          <option value="">{t('bench.close.typed')}</option>
          {presets.map((p) => (
            <option key={p.name} value={p.name}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <div className="bench-dims">
        {dimension('lengthIn')}
        {dimension('widthIn')}
        {dimension('heightIn')}
      </div>
      <label className="field">
        <span>{t('bench.close.weight')}</span>
        <input
          name="weight"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('bench.close.weightHint')}
          value={draft.weight}
          aria-invalid={tried && !!check.fields.weight}
          onFocus={() => setBench({ weightFocused: true })}
          onBlur={() => setBench({ weightFocused: false })}
          onChange={(e) => setDraft({ ...draft, weight: e.target.value })}
          onKeyDown={(e) => {
            // A scale that ends its reading with Enter must not close the box by itself: read it, stay.
            if (e.key !== 'Enter') return;
            e.preventDefault();
            const lb = readScale(draft.weight);
            if (lb !== null) setDraft({ ...draft, weight: String(lb) });
          }}
        />
        {fieldError('weight')}
      </label>
      {draft.preset && draft.preset.tareLb > 0 && (
        <label className="checkbox">
          <input
            type="checkbox"
            name="addTare"
            checked={draft.addTare}
            onChange={(e) => setDraft({ ...draft, addTare: e.target.checked })}
          />{' '}
          {t('bench.close.addTare', { tare: draft.preset.tareLb })}
        </label>
      )}
      {check.measure && (
        <p className="muted" data-testid="bench-close-weight">
          {t('bench.close.sends', {
            l: check.measure.lengthIn,
            w: check.measure.widthIn,
            h: check.measure.heightIn,
            weight: check.measure.weightLb,
          })}
        </p>
      )}
      {check.teamLift && (
        <p className="bench-team-lift" role="alert" data-testid="bench-team-lift">
          {t('bench.teamLift')}
        </p>
      )}
      {!check.parcelOk && <p className="notice">{t('bench.close.notParcel')}</p>}
      <BoxProblems problems={check.problems} />
      <button className="btn primary" type="submit" disabled={busy || units === 0}>
        {t('bench.close.submit', { boxNo: box.boxNo })}
      </button>
    </form>
  );
}
