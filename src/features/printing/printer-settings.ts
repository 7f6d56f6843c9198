/**
 * Printer settings of the signed-in user on this device (spec §9 `printerSettings`, encrypted in
 * production builds), mirrored to the server setting PRINTER_SETTINGS so that a new device starts
 * with them. Each bench keeps its own copy afterwards: printers differ from bench to bench.
 */
import { create } from 'zustand';
import { printerSettingsSchema, type PrinterSettings } from '../../../domain/schemas/labels';
import { settingRowSchema } from '../../../domain/schemas/settings';
import { post } from '../../api/client';
import { getAs } from '../../api/typed';
import { secureStore } from '../../app/secure-store';

const KEY = 'printerSettings';
const SERVER_KEY = 'PRINTER_SETTINGS';
type ByUser = Record<string, unknown>;

export const defaultPrinterSettings = (): PrinterSettings => printerSettingsSchema.parse({});

const parse = (value: unknown): PrinterSettings | null => {
  const parsed = printerSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

async function fromServer(userId: number): Promise<PrinterSettings | null> {
  const row = await getAs('/api/common/settings/reference', settingRowSchema.nullable(), {
    query: { referenceId: userId, referenceType: 'USER', settingKey: SERVER_KEY },
    quiet: true,
    background: true,
  }).catch(() => null);
  if (!row?.value) return null;
  try {
    return parse(JSON.parse(row.value));
  } catch {
    return null;
  }
}

interface PrinterSettingsState {
  userId: number | null;
  settings: PrinterSettings;
  /** Where the settings came from: this device, the server (first use here), or defaults. */
  source: 'device' | 'server' | 'defaults' | null;
  load(userId: number): Promise<PrinterSettings>;
  save(userId: number, next: PrinterSettings): Promise<void>;
}

export const usePrinterSettings = create<PrinterSettingsState>((set) => ({
  userId: null,
  settings: defaultPrinterSettings(),
  source: null,
  async load(userId) {
    const local = parse(((await secureStore.get<ByUser>(KEY)) ?? {})[String(userId)]);
    if (local) {
      set({ userId, settings: local, source: 'device' });
      return local;
    }
    const remote = await fromServer(userId);
    const settings = remote ?? defaultPrinterSettings();
    set({ userId, settings, source: remote ? 'server' : 'defaults' });
    return settings;
  },
  async save(userId, next) {
    const settings = printerSettingsSchema.parse(next);
    const all = (await secureStore.get<ByUser>(KEY)) ?? {};
    await secureStore.set(KEY, { ...all, [String(userId)]: settings });
    set({ userId, settings, source: 'device' });
    await post(
      '/api/common/settings/create-or-update',
      { referenceId: userId, referenceType: 'USER', settingKey: SERVER_KEY, value: JSON.stringify(settings) },
      { quiet: true },
    );
  },
}));
