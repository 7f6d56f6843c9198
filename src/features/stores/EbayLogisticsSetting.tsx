/**
 * An eBay store's "eBay Logistics (approved keyset)" setting on its Merchant Connect card: on when
 * the warehouse's eBay keyset is approved for eBay's Limited Release Logistics API, so the seller is
 * asked to grant it and the store's orders get eBay Logistics label rates. Turning it on for a
 * connected production store means reconnecting it (asked first, said after); sandbox stores always
 * have eBay Logistics, so for them the setting waits for production.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storeRowSchema, storeSettingsSchema, type StoreRow } from '../../../domain/schemas/stores';
import { ApiFailure } from '../../api/client';
import { putAs } from '../../api/typed';

type Note = 'reconnect' | 'connectAsks' | 'off' | 'sandboxSaved';

/** What the saved setting means for the store now. */
function noteOf(saved: StoreRow): Note {
  if (saved.environment === 'sandbox') return 'sandboxSaved';
  if (!saved.ebayLogistics) return 'off';
  return saved.connection === 'reconnect_needed' ? 'reconnect' : 'connectAsks';
}

export function EbayLogisticsSetting({ store, onSaved }: { store: StoreRow; onSaved: () => void | Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sandbox = store.environment === 'sandbox';
  const change = async (on: boolean) => {
    if (on && !sandbox && store.connection !== 'not_connected' && !window.confirm(t('stores.ebayLogistics.confirmOn')))
      return;
    setBusy(true);
    setError(null);
    try {
      const saved = await putAs(
        `/api/common/stores/${store.id}/settings`,
        storeSettingsSchema.parse({ ebayLogistics: on }),
        storeRowSchema,
        { quiet: true, inlineRefusal: true },
      );
      setNote(noteOf(saved));
      await onSaved();
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="store-setting" data-testid="ebay-logistics-setting">
      <label className="checkbox">
        <input
          type="checkbox"
          name="ebayLogistics"
          checked={store.ebayLogistics}
          disabled={busy}
          onChange={(e) => void change(e.target.checked)}
        />
        {t('stores.ebayLogistics.label')}
      </label>
      <p className="muted">{t(sandbox ? 'stores.ebayLogistics.sandbox' : 'stores.ebayLogistics.help')}</p>
      {note && (
        <p className="notice" role="status" data-testid="ebay-logistics-note" data-note={note}>
          {t(`stores.ebayLogistics.notes.${note}`)}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
