/** Label stock definitions: size, gap and resolution of the rolls and sheets in use (/apps/printermanagement/printerlabels). */
import { useTranslation } from 'react-i18next';
import { LABEL_SIZES } from '../../../../domain/schemas/labels';
import { labelStockRowSchema, labelStockSchema } from '../../../../domain/schemas/printer-admin';
import { PrinterAdminList } from './PrinterAdminList';

export default function LabelStockPage() {
  const { t } = useTranslation();
  return (
    <PrinterAdminList
      id="printer-labels"
      title={t('printerAdmin.labelsTitle')}
      endpoint="/api/printer/labels"
      schema={labelStockSchema}
      rowSchema={labelStockRowSchema}
      label={(f) => t(`printerAdmin.fields.${f}`)}
      display={(f, v) =>
        f === 'sizeId'
          ? t(`printing.sizes.${String(v)}`)
          : f === 'active'
            ? v
              ? t('printerAdmin.yes')
              : t('printerAdmin.no')
            : String(v ?? '')
      }
      fields={[
        { name: 'name', kind: 'text' },
        {
          name: 'sizeId',
          kind: 'select',
          options: LABEL_SIZES.map((s) => ({ value: s, label: t(`printing.sizes.${s}`) })),
        },
        { name: 'widthIn', kind: 'number' },
        { name: 'heightIn', kind: 'number' },
        { name: 'gapIn', kind: 'number', optional: true },
        {
          name: 'dpi',
          kind: 'select',
          numeric: true,
          options: [
            { value: '203', label: '203 dpi' },
            { value: '300', label: '300 dpi' },
          ],
        },
        { name: 'active', kind: 'checkbox' },
      ]}
    />
  );
}
