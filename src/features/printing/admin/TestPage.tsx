/**
 * Printer test page (/apps/printermanagement/testpage): send a sample label of any kind, size and
 * resolution to a station's printer through QZ Tray (or to the browser dialog / a PDF), to check
 * alignment, darkness and the label stock before a shift.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LABEL_DPIS,
  TEMPLATE_KIND,
  templateSizes,
  defaultTemplateSize,
  printerSettingsSchema,
  type LabelDpi,
  type LabelKind,
  type LabelSizeId,
} from '../../../../domain/schemas/labels';
import { z } from 'zod';
import { stationPrinterRowSchema } from '../../../../domain/schemas/printer-admin';
import { getAs } from '../../../api/typed';
import { useFeedback } from '../../../ui/feedback-store';
import { SAMPLE_LABELS } from '../label-fields';
import { connectQz, makePrinter } from '../printer';

type SampleKind = keyof typeof SAMPLE_LABELS;
const KINDS = Object.keys(SAMPLE_LABELS) as SampleKind[];

export default function TestPage() {
  const { t } = useTranslation();
  const toast = useFeedback((s) => s.toast);
  const stations = useQuery({
    queryKey: ['printer-stations-all'],
    queryFn: () => getAs('/api/printer/system-data', z.array(stationPrinterRowSchema), { background: true }),
  });
  const [kind, setKind] = useState<SampleKind>('item');
  const template = SAMPLE_LABELS[kind].template;
  const [size, setSize] = useState<LabelSizeId>(defaultTemplateSize(template));
  const [dpi, setDpi] = useState<LabelDpi>(203);
  const [language, setLanguage] = useState<'zpl' | 'pdf'>('zpl');
  const [printerName, setPrinterName] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => setSize(defaultTemplateSize(template)), [template]);
  useEffect(() => {
    let stale = false;
    void import('../../../../printing/index')
      .then(({ renderLabel }) => renderLabel({ template, size, dpi, format: 'svg', data: SAMPLE_LABELS[kind].data() }))
      .then(
        (r) => !stale && setPreview(r.data as string),
        () => !stale && setPreview(null),
      );
    return () => {
      stale = true;
    };
  }, [kind, template, size, dpi]);

  const print = async () => {
    setBusy(true);
    try {
      if (printerName) {
        const { error } = await connectQz();
        if (error) {
          toast('error', t('printing.failed', { error }));
          return;
        }
      }
      const labelKind: LabelKind = TEMPLATE_KIND[template];
      const printer = await makePrinter(
        printerSettingsSchema.parse({
          autoPrint: false,
          kinds: { [labelKind]: { printerName: printerName || null, language, size, dpi, copies: 1 } },
        }),
      );
      const result = await printer.printLabel({ template, data: SAMPLE_LABELS[kind].data(), size, copies: 1 });
      if (result.ok)
        toast(
          'success',
          result.transport === 'qz'
            ? t('printing.sent', { printer: result.printer, copies: 1 })
            : t('printing.dialogOpened'),
        );
      else toast('error', t('printing.failed', { error: result.error }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <h1>{t('printerAdmin.testTitle')}</h1>
      <div className="print-label-layout">
        <form
          className="card form"
          onSubmit={(e) => {
            e.preventDefault();
            void print();
          }}
        >
          <label>
            {t('printerAdmin.fields.printerName')}
            <input
              name="printerName"
              list="station-printers"
              value={printerName}
              placeholder={t('printing.browserDialog')}
              onChange={(e) => setPrinterName(e.target.value)}
            />
            <datalist id="station-printers">
              {(stations.data ?? []).map((s) => (
                <option key={s.id} value={s.printerName}>
                  {s.station}
                </option>
              ))}
            </datalist>
          </label>
          <label>
            {t('printing.template')}
            <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as SampleKind)}>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`printing.kinds.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('printing.size')}
            <select name="size" value={size} onChange={(e) => setSize(e.target.value as LabelSizeId)}>
              {templateSizes(template).map((s) => (
                <option key={s} value={s}>
                  {t(`printing.sizes.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('printing.dpi')}
            <select name="dpi" value={dpi} onChange={(e) => setDpi(Number(e.target.value) as LabelDpi)}>
              {LABEL_DPIS.map((d) => (
                <option key={d} value={d}>
                  {d} dpi
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('printing.language')}
            <select name="language" value={language} onChange={(e) => setLanguage(e.target.value as 'zpl' | 'pdf')}>
              <option value="zpl">{t('printing.zpl')}</option>
              <option value="pdf">{t('printing.pdf')}</option>
            </select>
          </label>
          <button type="submit" className="btn primary" disabled={busy}>
            {t('printerAdmin.printTest')}
          </button>
        </form>
        <section className="card label-preview" aria-label={t('printing.preview')}>
          <h2>{t('printing.preview')}</h2>
          {preview && (
            <div
              className="label-preview-image"
              data-testid="label-preview"
              dangerouslySetInnerHTML={{ __html: preview }}
            />
          )}
        </section>
      </div>
    </div>
  );
}
