/**
 * A count of one material's stock (POST /api/prep-material/inventory/count): what is on the shelf;
 * the server books the difference from its ledger as an adjustment and says how much it was.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { prepMaterialCountSchema, type PrepMaterial } from '../../../domain/schemas/prep-materials';
import { ApiFailure } from '../../api/client';
import { postAs } from '../../api/typed';
import { useFeedback } from '../../ui/feedback-store';

export function CountForm({ row, onDone }: { row: PrepMaterial; onDone: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const [counted, setCounted] = useState(String(row.onHand));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\d+$/.test(counted.trim())) {
      setError(t('prepMaterials.countForm.wholeNumber'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const r = await postAs(
        '/api/prep-material/inventory/count',
        { materialId: row.id, counted: Number(counted), note: note.trim() || null },
        prepMaterialCountSchema,
        { quiet: true },
      );
      toast(
        'success',
        r.adjustment === 0
          ? t('prepMaterials.countForm.matches', { code: row.code })
          : t('prepMaterials.countForm.adjusted', { code: row.code, adjustment: r.adjustment, onHand: r.onHand }),
      );
      onDone(r.adjustment !== 0);
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card form" onSubmit={(e) => void submit(e)} data-testid="prep-material-count">
      <h2>{t('prepMaterials.countForm.title', { code: row.code, name: row.name })}</h2>
      <p className="muted">{t('prepMaterials.countForm.ledger', { onHand: row.onHand })}</p>
      <label>
        {t('prepMaterials.countForm.counted')}
        <input
          name="counted"
          inputMode="numeric"
          value={counted}
          onChange={(e) => setCounted(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
      </label>
      <label>
        {t('prepMaterials.countForm.note')}
        <input name="note" maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn primary" disabled={busy}>
          {t('prepMaterials.countForm.save')}
        </button>
        <button type="button" className="btn" onClick={() => onDone(false)}>
          {t('prepMaterials.countForm.cancel')}
        </button>
      </div>
    </form>
  );
}
