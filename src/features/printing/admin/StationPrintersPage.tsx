/** Printer system data: which printer stands at which station, with its vendor and label stock (/apps/printermanagement/printersystemdata). */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  labelStockRowSchema,
  printerVendorRowSchema,
  stationPrinterRowSchema,
  stationPrinterSchema,
} from '../../../../domain/schemas/printer-admin';
import { getAs } from '../../../api/typed';
import { PrinterAdminList } from './PrinterAdminList';

type Named = { id: number; name: string; model?: string };

export default function StationPrintersPage() {
  const { t } = useTranslation();
  const vendors = useQuery({
    queryKey: ['printer-vendors-all'],
    queryFn: () => getAs('/api/printer/vendors', z.array(printerVendorRowSchema), { background: true }),
  });
  const labels = useQuery({
    queryKey: ['printer-labels-all'],
    queryFn: () => getAs('/api/printer/labels', z.array(labelStockRowSchema), { background: true }),
  });
  const nameOf = (list: Named[] | undefined, id: unknown) => {
    const row = list?.find((r) => r.id === id);
    return row ? [row.name, row.model].filter(Boolean).join(' ') : '';
  };
  return (
    <PrinterAdminList
      id="printer-stations"
      title={t('printerAdmin.stationsTitle')}
      endpoint="/api/printer/system-data"
      schema={stationPrinterSchema}
      rowSchema={stationPrinterRowSchema}
      label={(f) => t(`printerAdmin.fields.${f}`)}
      display={(f, v) =>
        f === 'vendorId'
          ? nameOf(vendors.data, v)
          : f === 'labelStockId'
            ? nameOf(labels.data, v)
            : f === 'active'
              ? v
                ? t('printerAdmin.yes')
                : t('printerAdmin.no')
              : String(v ?? '')
      }
      intro={<p className="muted">{t('printerAdmin.stationsIntro')}</p>}
      fields={[
        { name: 'station', kind: 'text' },
        { name: 'printerName', kind: 'text' },
        {
          name: 'vendorId',
          kind: 'select',
          numeric: true,
          optional: true,
          options: (vendors.data ?? []).map((v) => ({ value: String(v.id), label: nameOf(vendors.data, v.id) })),
        },
        {
          name: 'labelStockId',
          kind: 'select',
          numeric: true,
          optional: true,
          options: (labels.data ?? []).map((l) => ({ value: String(l.id), label: l.name })),
        },
        // A network printer: the server sends it raw ZPL on the warehouse's network (port 9100 unless set).
        { name: 'host', kind: 'text', optional: true },
        { name: 'port', kind: 'number', optional: true },
        { name: 'active', kind: 'checkbox' },
      ]}
    />
  );
}
