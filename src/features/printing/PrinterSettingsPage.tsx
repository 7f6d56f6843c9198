/**
 * Printer settings (/apps/settings/printer): for each label kind the printer, its language, label
 * size, resolution, darkness and copies; auto-print after a scan; a test print per kind. Saved for
 * this user on this device and mirrored to the server for the user's next new device.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LABEL_DPIS,
  LABEL_KINDS,
  LABEL_SIZES,
  MAX_COPIES,
  printerKindSettingsSchema,
  printerSettingsSchema,
  type LabelKind,
  type PrinterKindSettings,
  type PrinterSettings,
} from '../../../domain/schemas/labels';
import { can } from '../../../domain/permissions';
import { useSession } from '../../app/session';
import { useFeedback } from '../../ui/feedback-store';
import { QzSigningCard } from './admin/QzSigningCard';
import { ScannerSettingsCard } from './ScannerSettingsCard';
import { SAMPLE_LABELS } from './label-fields';
import { connectQz, makePrinter } from './printer';
import { usePrinterSettings } from './printer-settings';

type Qz = { state: 'idle' | 'connecting' | 'connected' | 'unavailable'; printers: string[]; error: string | null };

const kindDefaults = (): PrinterKindSettings => printerKindSettingsSchema.parse({});

export default function PrinterSettingsPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const toast = useFeedback((s) => s.toast);
  const source = usePrinterSettings((s) => s.source);
  const [draft, setDraft] = useState<PrinterSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [qz, setQz] = useState<Qz>({ state: 'idle', printers: [], error: null });
  const [testing, setTesting] = useState<LabelKind | null>(null);

  useEffect(() => {
    if (user) void usePrinterSettings.getState().load(user.id).then(setDraft);
  }, [user]);

  const findPrinters = async () => {
    setQz({ state: 'connecting', printers: [], error: null });
    const { qz: bridge, error } = await connectQz();
    if (!bridge) return setQz({ state: 'unavailable', printers: [], error });
    try {
      setQz({ state: 'connected', printers: await bridge.listPrinters(), error: null });
    } catch (err) {
      setQz({ state: 'unavailable', printers: [], error: err instanceof Error ? err.message : String(err) });
    }
  };

  if (!draft || !user) return <p className="muted">{t('app.loading')}</p>;

  const kind = (k: LabelKind): PrinterKindSettings => draft.kinds[k] ?? kindDefaults();
  const change = (k: LabelKind, patch: Partial<PrinterKindSettings>) =>
    setDraft({ ...draft, kinds: { ...draft.kinds, [k]: { ...kind(k), ...patch } } });

  const validated = (): PrinterSettings | null => {
    const parsed = printerSettingsSchema.safeParse(draft);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.slice(1).join('.'), i.message])));
    return null;
  };

  const save = async () => {
    const settings = validated();
    if (!settings) return;
    try {
      await usePrinterSettings.getState().save(user.id, settings);
      toast('success', t('printing.saved'));
    } catch {
      toast('warning', t('printing.savedLocally'));
    }
  };

  const testPrint = async (k: LabelKind) => {
    const settings = validated();
    if (!settings || k === 'shipping') return;
    setTesting(k);
    const sample = SAMPLE_LABELS[k];
    const result = await (
      await makePrinter(settings)
    ).printLabel({ template: sample.template, data: sample.data(), copies: 1 });
    setTesting(null);
    if (result.ok)
      toast(
        'success',
        result.transport === 'qz'
          ? t('printing.sent', { printer: result.printer, copies: 1 })
          : t('printing.dialogOpened'),
      );
    else toast('error', t('printing.failed', { error: result.error }));
  };

  const err = (k: LabelKind, field: string) =>
    errors[`${k}.${field}`] && <span className="form-error">{errors[`${k}.${field}`]}</span>;

  return (
    <div className="page">
      <h1>{t('printing.settingsTitle')}</h1>
      <section className="card">
        <p className="muted">{t(source === 'server' ? 'printing.fromServer' : 'printing.perDevice')}</p>
        <div className="button-row">
          <button
            type="button"
            className="btn"
            onClick={() => void findPrinters()}
            disabled={qz.state === 'connecting'}
          >
            {t('printing.findPrinters')}
          </button>
          <span role="status" data-testid="qz-status">
            {qz.state === 'connected' && t('printing.qzConnected', { count: qz.printers.length })}
            {qz.state === 'connecting' && t('app.loading')}
            {qz.state === 'unavailable' && t('printing.qzUnavailable')}
          </span>
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            name="autoPrint"
            checked={draft.autoPrint}
            onChange={(e) => setDraft({ ...draft, autoPrint: e.target.checked })}
          />
          {t('printing.autoPrint')}
        </label>
      </section>
      <datalist id="qz-printers">
        {qz.printers.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <div className="printer-kinds">
        {LABEL_KINDS.map((k) => {
          const s = kind(k);
          return (
            <fieldset key={k} className="card form printer-kind" data-kind={k}>
              <legend>{t(`printing.kinds.${k}`)}</legend>
              <label>
                {t('printing.printer')}
                <input
                  name={`${k}.printerName`}
                  list="qz-printers"
                  value={s.printerName ?? ''}
                  placeholder={t('printing.browserDialog')}
                  onChange={(e) => change(k, { printerName: e.target.value.trim() ? e.target.value : null })}
                />
                {err(k, 'printerName')}
              </label>
              <label>
                {t('printing.language')}
                <select
                  name={`${k}.language`}
                  value={s.language}
                  onChange={(e) => change(k, { language: e.target.value as 'zpl' | 'pdf' })}
                >
                  <option value="zpl">{t('printing.zpl')}</option>
                  <option value="pdf">{t('printing.pdf')}</option>
                </select>
              </label>
              <label>
                {t('printing.size')}
                <select
                  name={`${k}.size`}
                  value={s.size ?? ''}
                  onChange={(e) => change(k, { size: (e.target.value || undefined) as PrinterKindSettings['size'] })}
                >
                  <option value="">{t('printing.templateDefault')}</option>
                  {LABEL_SIZES.map((id) => (
                    <option key={id} value={id}>
                      {t(`printing.sizes.${id}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('printing.dpi')}
                <select
                  name={`${k}.dpi`}
                  value={s.dpi}
                  onChange={(e) => change(k, { dpi: Number(e.target.value) as 203 | 300 })}
                >
                  {LABEL_DPIS.map((d) => (
                    <option key={d} value={d}>
                      {d} dpi
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('printing.darkness')}
                <input
                  name={`${k}.darkness`}
                  type="number"
                  min={0}
                  max={30}
                  value={s.darkness ?? ''}
                  placeholder={t('printing.printerDefault')}
                  onChange={(e) => change(k, { darkness: e.target.value === '' ? undefined : Number(e.target.value) })}
                />
                {err(k, 'darkness')}
              </label>
              <label>
                {t('printing.copies')}
                <input
                  name={`${k}.copies`}
                  type="number"
                  min={1}
                  max={MAX_COPIES}
                  value={s.copies}
                  onChange={(e) => change(k, { copies: Number(e.target.value) })}
                />
                {err(k, 'copies')}
              </label>
              {k !== 'shipping' && (
                <button type="button" className="btn" disabled={testing !== null} onClick={() => void testPrint(k)}>
                  {t('printing.testPrint')}
                </button>
              )}
            </fieldset>
          );
        })}
      </div>
      <div className="button-row">
        <button type="button" className="btn primary" onClick={() => void save()}>
          {t('printing.save')}
        </button>
      </div>
      <ScannerSettingsCard />
      {can(user.ability, 'manage', 'admin') && (
        <nav className="card" aria-label={t('printerAdmin.title')}>
          <h2>{t('printerAdmin.title')}</h2>
          <div className="button-row">
            <Link className="btn" to="/apps/printermanagement/vendors">
              {t('printerAdmin.vendorsTitle')}
            </Link>
            <Link className="btn" to="/apps/printermanagement/printerlabels">
              {t('printerAdmin.labelsTitle')}
            </Link>
            <Link className="btn" to="/apps/printermanagement/printersystemdata">
              {t('printerAdmin.stationsTitle')}
            </Link>
            <Link className="btn" to="/apps/printermanagement/testpage">
              {t('printerAdmin.testTitle')}
            </Link>
          </div>
        </nav>
      )}
      {can(user.ability, 'manage', 'admin') && <QzSigningCard />}
    </div>
  );
}
