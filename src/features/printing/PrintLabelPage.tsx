/**
 * Manual barcode printing (/apps/tools/print-label): scan or type a code, pick the template, size
 * and quantity, see the label as it will print, then print it (QZ Tray or the browser dialog,
 * per the printer settings) or download the PDF.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LABEL_TEMPLATES,
  MAX_COPIES,
  defaultTemplateSize,
  templateSizes,
  type LabelSizeId,
  type LabelTemplateId,
} from '../../../domain/schemas/labels';
import { useSession } from '../../app/session';
import { useWedgeScanner } from '../../scan/useWedgeScanner';
import { useFeedback } from '../../ui/feedback-store';
import { LABEL_FIELDS, toLabelData, type FormValues, type LabelField } from './label-fields';
import { makePrinter } from './printer';
import { usePrinterSettings } from './printer-settings';

type FieldErrors = Record<string, string>;

const printing = () => import('../../../printing/index');

/** Field errors keyed by field name ("data.fnsku" → "fnsku"), or the whole message under "". */
async function validationErrors(err: unknown): Promise<FieldErrors> {
  const { LabelValidationError } = await printing();
  if (!(err instanceof LabelValidationError)) return { '': err instanceof Error ? err.message : String(err) };
  return Object.fromEntries(err.fields.map((f) => [f.path.replace(/^data\./, ''), f.message]));
}

function download(bytes: Uint8Array, filename: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function PrintLabelPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const settings = usePrinterSettings((s) => s.settings);
  const toast = useFeedback((s) => s.toast);
  const [template, setTemplate] = useState<LabelTemplateId>('fnsku');
  const [size, setSize] = useState<LabelSizeId>(defaultTemplateSize('fnsku'));
  const [quantity, setQuantity] = useState('1');
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (user) void usePrinterSettings.getState().load(user.id);
  }, [user]);

  const spec = LABEL_FIELDS[template];
  const copies = Number(quantity);
  const request = useMemo(() => ({ template, size, data: toLabelData(template, values) }), [template, size, values]);
  const hasInput = spec.fields.some((f) => (values[f.name] ?? '').trim() !== '');

  // The preview follows the form, a moment after typing stops.
  useEffect(() => {
    if (!hasInput) {
      setPreview(null);
      return;
    }
    let stale = false;
    const timer = setTimeout(() => {
      void printing()
        .then(({ renderLabel }) => renderLabel({ ...request, format: 'svg' }))
        .then(
          (r) => {
            if (stale) return;
            setPreview(r.data as string);
            setErrors({});
          },
          async (err: unknown) => {
            if (stale) return;
            setPreview(null);
            setErrors(await validationErrors(err));
          },
        );
    }, 200);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [request, hasInput]);

  const chooseTemplate = (next: LabelTemplateId) => {
    setTemplate(next);
    setSize(defaultTemplateSize(next));
    setValues({});
    setErrors({});
  };

  useWedgeScanner((code) => setValues((v) => ({ ...v, [spec.scanField]: code })));

  const quantityError =
    !Number.isInteger(copies) || copies < 1 || copies > MAX_COPIES
      ? t('printing.quantityRange', { max: MAX_COPIES })
      : null;

  const run = async (action: 'print' | 'pdf') => {
    if (quantityError) return;
    setBusy(true);
    try {
      if (action === 'pdf') {
        const { renderLabel } = await printing();
        const pdf = await renderLabel({ ...request, format: 'pdf', copies });
        download(pdf.data as Uint8Array, pdf.filename);
        return;
      }
      const printer = await makePrinter(settings);
      const result = await printer.printLabel({ template, data: request.data, size, copies });
      if (result.ok)
        toast(
          'success',
          result.transport === 'qz'
            ? t('printing.sent', { printer: result.printer, copies })
            : t('printing.dialogOpened'),
        );
      else {
        if (result.fields)
          setErrors(Object.fromEntries(result.fields.map((f) => [f.path.replace(/^data\./, ''), f.message])));
        toast('error', t('printing.failed', { error: result.error }));
      }
    } catch (err) {
      setErrors(await validationErrors(err));
    } finally {
      setBusy(false);
    }
  };

  const input = (field: LabelField) => {
    const common = {
      name: field.name,
      value: values[field.name] ?? '',
      'aria-invalid': errors[field.name] ? true : undefined,
      onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field.name]: e.target.value })),
    };
    if (field.kind === 'select') {
      return (
        <select {...common}>
          <option value="">{field.required ? t('printing.choose') : t('printing.none')}</option>
          {field.options?.map((o) => (
            <option key={o} value={o}>
              {t(`printing.option.${o}`, { defaultValue: o })}
            </option>
          ))}
        </select>
      );
    }
    if (field.kind === 'lines') return <textarea {...common} rows={3} />;
    return (
      <input
        {...common}
        type={field.kind === 'number' ? 'number' : field.kind === 'date' ? 'date' : 'text'}
        required={field.required}
        autoFocus={field.name === spec.scanField}
      />
    );
  };

  return (
    <div className="page print-label-page">
      <h1>{t('printing.toolTitle')}</h1>
      <div className="print-label-layout">
        <form
          className="card form"
          onSubmit={(e) => {
            e.preventDefault();
            void run('print');
          }}
          noValidate
        >
          <p className="muted">{t('printing.scanHint')}</p>
          <label>
            {t('printing.template')}
            <select
              name="template"
              value={template}
              onChange={(e) => chooseTemplate(e.target.value as LabelTemplateId)}
            >
              {LABEL_TEMPLATES.map((id) => (
                <option key={id} value={id}>
                  {t(`printing.templates.${id}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('printing.size')}
            <select name="size" value={size} onChange={(e) => setSize(e.target.value as LabelSizeId)}>
              {templateSizes(template).map((id) => (
                <option key={id} value={id}>
                  {t(`printing.sizes.${id}`)}
                </option>
              ))}
            </select>
          </label>
          {spec.fields.map((field) => (
            <label key={`${template}-${field.name}`}>
              {t(`printing.fields.${field.name}`)}
              {field.required ? ' *' : ''}
              {input(field)}
              {errors[field.name] && <span className="form-error">{errors[field.name]}</span>}
            </label>
          ))}
          <label>
            {t('printing.quantity')}
            <input
              name="quantity"
              type="number"
              min={1}
              max={MAX_COPIES}
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
              aria-invalid={quantityError ? true : undefined}
            />
            {quantityError && <span className="form-error">{quantityError}</span>}
          </label>
          {errors[''] && (
            <p className="form-error" role="alert">
              {errors['']}
            </p>
          )}
          <div className="button-row">
            <button type="submit" className="btn primary" disabled={busy || !hasInput}>
              {t('printing.print')}
            </button>
            <button type="button" className="btn" disabled={busy || !hasInput} onClick={() => void run('pdf')}>
              {t('printing.downloadPdf')}
            </button>
          </div>
        </form>
        <section className="card label-preview" aria-label={t('printing.preview')}>
          <h2>{t('printing.preview')}</h2>
          {preview ? (
            // SVG from our own renderer (printing/svg.ts escapes every text).
            <div
              className="label-preview-image"
              data-testid="label-preview"
              dangerouslySetInnerHTML={{ __html: preview }}
            />
          ) : (
            <p className="muted">{hasInput ? t('printing.previewInvalid') : t('printing.previewEmpty')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
