/**
 * QZ Tray signing (admins): the tenant's certificate and private key, which the server keeps
 * sealed and uses to sign each print request, so QZ Tray trusts Dockside without a prompt.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  qzCertificateSchema,
  qzCredentialsSavedSchema,
  qzCredentialsSchema,
} from '../../../../domain/schemas/printer-admin';
import { getAs, putAs } from '../../../api/typed';
import { useFormat } from '../../../ui/format';

export function QzSigningCard() {
  const { t } = useTranslation();
  const f = useFormat();
  const qc = useQueryClient();
  const current = useQuery({
    queryKey: ['qz-certificate'],
    queryFn: () =>
      getAs('/api/printer/qz/certificate', qzCertificateSchema, {
        quiet: true,
        background: true,
      }).catch(() => null),
  });
  const [certificate, setCertificate] = useState('');
  const [privateKey, setPrivateKey] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = qzCredentialsSchema.safeParse({ certificate, privateKey });
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setErrors({});
    // The server checks the pair (a certificate, and a key that matches it) and answers in a toast.
    await putAs('/api/printer/qz/credentials', parsed.data, qzCredentialsSavedSchema).then(
      () => {
        setCertificate('');
        setPrivateKey('');
      },
      () => undefined,
    );
    await qc.invalidateQueries({ queryKey: ['qz-certificate'] });
  };

  return (
    <form className="card form" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t('printerAdmin.qzTitle')}</h2>
      <p className="muted" data-testid="qz-certificate">
        {current.data
          ? t('printerAdmin.qzCurrent', { subject: current.data.subject, validTo: f.dateTime(current.data.validTo) })
          : t('printerAdmin.qzNone')}
      </p>
      {current.data && (
        <p className="muted">
          {t('printerAdmin.qzTrustHelp')}{' '}
          <a
            href={`data:application/x-pem-file;charset=utf-8,${encodeURIComponent(current.data.certificate)}`}
            download="dockside-qz-tray.crt"
            data-testid="qz-download"
          >
            {t('printerAdmin.qzDownload')}
          </a>
        </p>
      )}
      <label>
        {t('printerAdmin.qzCertificate')}
        <textarea
          name="certificate"
          rows={4}
          value={certificate}
          onChange={(e) => setCertificate(e.target.value)}
          placeholder="-----BEGIN CERTIFICATE-----"
        />
        {errors.certificate && <span className="form-error">{errors.certificate}</span>}
      </label>
      <label>
        {t('printerAdmin.qzPrivateKey')}
        <textarea
          name="privateKey"
          rows={4}
          value={privateKey}
          onChange={(e) => setPrivateKey(e.target.value)}
          placeholder="-----BEGIN PRIVATE KEY-----"
          autoComplete="off"
        />
        {errors.privateKey && <span className="form-error">{errors.privateKey}</span>}
      </label>
      <button type="submit" className="btn">
        {t('printerAdmin.qzSave')}
      </button>
    </form>
  );
}
