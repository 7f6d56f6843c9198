/**
 * Printer settings (/apps/settings/printer): for each label kind how it reaches its printer (QZ
 * Tray, a Zebra on this device's USB, a network printer the server reaches, or the print dialog),
 * the printer, its language, label size, resolution, darkness and copies; auto-print after a
 * scan; how labels printed in a pass go to the print dialog (per box or per N units); a test
 * print per kind. Saved for this user on this device and mirrored to the server for the user's
 * next new device.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import {
  DIALOG_BATCHES,
  LABEL_DPIS,
  LABEL_KINDS,
  LABEL_SIZES,
  MAX_COPIES,
  PRINT_TRANSPORTS,
  printerKindSettingsSchema,
  printerSettingsSchema,
  type LabelKind,
  type PrinterKindSettings,
  type PrinterSettings,
} from '../../../domain/schemas/labels';
import { stationPrinterRowSchema } from '../../../domain/schemas/printer-admin';
import { can } from '../../../domain/permissions';
import { browserUsb, describeUsbPrinter, pairUsbPrinter, pairedUsbPrinter } from '../../../printing/webusb';
import { getAs } from '../../api/typed';
import { useSession } from '../../app/session';
import { useFeedback } from '../../ui/feedback-store';
import { QzSigningCard } from './admin/QzSigningCard';
import { ScannerSettingsCard } from './ScannerSettingsCard';
import { SAMPLE_LABELS } from './label-fields';
import { connectQz, makePrinter } from './printer';
import { usePrinterSettings } from './printer-settings';

type Qz = { state: 'idle' | 'connecting' | 'connected' | 'unavailable'; printers: string[]; error: string | null };
/** The USB printer paired with this browser (WebUSB), if the browser has WebUSB at all. */
type Usb = { supported: boolean; printer: string | null; error: string | null };

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
  const [usb, setUsb] = useState<Usb>(() => ({ supported: !!browserUsb(), printer: null, error: null }));
  // The tenant's network printers: station printers with an address on the warehouse's network.
  const stations = useQuery({
    queryKey: ['printer-stations-network'],
    queryFn: () => getAs('/api/printer/system-data', z.array(stationPrinterRowSchema), { background: true }),
  });
  const networkPrinters = (stations.data ?? []).filter((p) => p.host && p.active);

  useEffect(() => {
    if (user) void usePrinterSettings.getState().load(user.id).then(setDraft);
  }, [user]);
  useEffect(() => {
    void pairedUsbPrinter()
      .then((d) => d && setUsb((u) => ({ ...u, printer: describeUsbPrinter(d) })))
      .catch(() => undefined);
  }, []);

  const pairUsb = async () => {
    try {
      const device = await pairUsbPrinter();
      setUsb({ supported: true, printer: describeUsbPrinter(device), error: null });
    } catch (err) {
      setUsb((u) => ({ ...u, error: err instanceof Error ? err.message : String(err) }));
    }
  };

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
    // A kind's field is keyed "item.copies"; a setting of the whole page by its own name.
    setErrors(
      Object.fromEntries(
        parsed.error.issues.map((i) => [(i.path[0] === 'kinds' ? i.path.slice(1) : i.path).join('.'), i.message]),
      ),
    );
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
        result.transport === 'browser'
          ? t('printing.dialogOpened')
          : t('printing.sent', { printer: result.printer, copies: 1 }),
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
        <div className="button-row" data-testid="usb-printer">
          {usb.supported ? (
            <>
              <button type="button" className="btn" data-testid="usb-pair" onClick={() => void pairUsb()}>
                {t('printing.usb.pair')}
              </button>
              <span role="status" data-testid="usb-status">
                {usb.printer ? t('printing.usb.paired', { printer: usb.printer }) : t('printing.usb.none')}
              </span>
            </>
          ) : (
            <span className="muted">{t('printing.usb.unsupported')}</span>
          )}
          {usb.error && <span className="form-error">{usb.error}</span>}
        </div>
      </section>
      <fieldset className="card form" data-testid="dialog-batch">
        <legend>{t('printing.dialogBatch.title')}</legend>
        <p className="muted">{t('printing.dialogBatch.help')}</p>
        {DIALOG_BATCHES.map((b) => (
          <label key={b} className="checkbox">
            <input
              type="radio"
              name="dialogBatch"
              value={b}
              checked={draft.dialogBatch === b}
              onChange={() => setDraft({ ...draft, dialogBatch: b })}
            />
            {t(`printing.dialogBatch.${b}`)}
          </label>
        ))}
        {draft.dialogBatch === 'units' && (
          <label>
            {t('printing.dialogBatch.unitsField')}
            <input
              name="dialogUnits"
              type="number"
              min={2}
              max={200}
              value={draft.dialogUnits}
              onChange={(e) => setDraft({ ...draft, dialogUnits: Number(e.target.value) })}
            />
            {errors.dialogUnits && <span className="form-error">{errors.dialogUnits}</span>}
          </label>
        )}
      </fieldset>
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
                {t('printing.transport.label')}
                <select
                  name={`${k}.transport`}
                  value={s.transport}
                  onChange={(e) => change(k, { transport: e.target.value as PrinterKindSettings['transport'] })}
                >
                  {PRINT_TRANSPORTS.map((tr) => (
                    <option key={tr} value={tr} disabled={tr === 'usb' && !usb.supported}>
                      {t(`printing.transport.${tr}`)}
                    </option>
                  ))}
                </select>
              </label>
              {s.transport === 'network' && (
                <label>
                  {t('printing.networkPrinter')}
                  <select
                    name={`${k}.networkPrinterId`}
                    value={s.networkPrinterId ?? ''}
                    onChange={(e) => change(k, { networkPrinterId: e.target.value ? Number(e.target.value) : null })}
                  >
                    <option value="">{t('printing.chooseNetworkPrinter')}</option>
                    {networkPrinters.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.station} · {p.printerName} ({p.host}:{p.port ?? 9100})
                      </option>
                    ))}
                  </select>
                  {networkPrinters.length === 0 && stations.isSuccess && (
                    <span className="muted">{t('printing.noNetworkPrinters')}</span>
                  )}
                  {err(k, 'networkPrinterId')}
                </label>
              )}
              {s.transport === 'usb' && (
                <p className="muted">
                  {usb.printer ? t('printing.usb.paired', { printer: usb.printer }) : t('printing.usb.none')}
                </p>
              )}
              {(s.transport === 'auto' || s.transport === 'qz') && (
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
              )}
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
