/** Printer vendors and models the tenant uses (/apps/printermanagement/vendors). */
import { useTranslation } from 'react-i18next';
import { printerVendorRowSchema, printerVendorSchema } from '../../../../domain/schemas/printer-admin';
import { PrinterAdminList } from './PrinterAdminList';

export default function VendorsPage() {
  const { t } = useTranslation();
  return (
    <PrinterAdminList
      id="printer-vendors"
      title={t('printerAdmin.vendorsTitle')}
      endpoint="/api/printer/vendors"
      schema={printerVendorSchema}
      rowSchema={printerVendorRowSchema}
      label={(f) => t(`printerAdmin.fields.${f}`)}
      fields={[
        { name: 'name', kind: 'text' },
        { name: 'model', kind: 'text' },
        {
          name: 'language',
          kind: 'select',
          options: [
            { value: 'zpl', label: t('printing.zpl') },
            { value: 'pdf', label: t('printing.pdf') },
          ],
        },
        {
          name: 'dpi',
          kind: 'select',
          numeric: true,
          options: [
            { value: '203', label: '203 dpi' },
            { value: '300', label: '300 dpi' },
          ],
        },
        { name: 'notes', kind: 'textarea', optional: true },
      ]}
    />
  );
}
