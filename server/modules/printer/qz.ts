/**
 * QZ Tray request signing: the tenant's certificate and private key live in the settings table
 * (key QZ_SIGNING on the warehouse company), the key sealed. The browser asks the server to sign
 * each QZ request, so the private key never reaches a device.
 */
import { createPrivateKey, createSign, X509Certificate } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import { open, seal } from '../../crypto/secret-box.js';
import { companies, settings } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../http/errors.js';

interface StoredQz {
  certificate: string;
  sealedKey: string;
  subject: string;
  validTo: string;
}

async function ownerCompanyId(deps: Deps, tenantId: number): Promise<number> {
  const [c] = await deps.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.tenantId, tenantId), eq(companies.isOwner, true)));
  return c.id;
}

async function stored(deps: Deps, tenantId: number): Promise<StoredQz | null> {
  const companyId = await ownerCompanyId(deps, tenantId);
  const [row] = await deps.db
    .select()
    .from(settings)
    .where(
      and(
        eq(settings.tenantId, tenantId),
        eq(settings.referenceType, 'COMPANY'),
        eq(settings.referenceId, companyId),
        eq(settings.settingKey, 'QZ_SIGNING'),
      ),
    );
  return row ? (JSON.parse(row.value) as StoredQz) : null;
}

export async function saveQzCredentials(deps: Deps, ctx: RequestContext, certificate: string, privateKey: string) {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certificate);
  } catch {
    throw badRequest('certificate: not a PEM X.509 certificate');
  }
  try {
    if (!cert.checkPrivateKey(createPrivateKey(privateKey))) throw new Error('mismatch');
  } catch {
    throw badRequest('privateKey: not a PEM private key matching the certificate');
  }
  const value: StoredQz = {
    certificate,
    sealedKey: seal(deps.config.jwtSecret, privateKey),
    subject: cert.subject,
    validTo: cert.validTo,
  };
  const companyId = await ownerCompanyId(deps, ctx.tenantId);
  await deps.db.transaction(async (tx) => {
    const where = and(
      eq(settings.tenantId, ctx.tenantId),
      eq(settings.referenceType, 'COMPANY'),
      eq(settings.referenceId, companyId),
      eq(settings.settingKey, 'QZ_SIGNING'),
    );
    const [before] = await tx.select({ id: settings.id }).from(settings).where(where);
    if (before)
      await tx
        .update(settings)
        .set({ value: JSON.stringify(value), updatedAt: new Date().toISOString() })
        .where(where);
    else
      await tx
        .insert(settings)
        .values({
          tenantId: ctx.tenantId,
          companyId,
          referenceId: companyId,
          referenceType: 'COMPANY',
          settingKey: 'QZ_SIGNING',
          settingType: 'JSON',
          settingName: 'QZ Tray signing',
          value: JSON.stringify(value),
        });
    await audit(tx, ctx, 'qz_credentials', companyId, before ? 'update' : 'create', null, {
      subject: value.subject,
      validTo: value.validTo,
    });
  });
  return { subject: value.subject, validTo: value.validTo };
}

export async function qzCertificate(deps: Deps, ctx: RequestContext) {
  const s = await stored(deps, ctx.tenantId);
  if (!s) throw notFound('QZ Tray certificate (an administrator uploads it under printer administration)');
  return { certificate: s.certificate, subject: s.subject, validTo: s.validTo };
}

/** Signs QZ's request string with RSA-SHA512 (qz.security.setSignatureAlgorithm('SHA512')). */
export async function qzSign(deps: Deps, ctx: RequestContext, request: string) {
  const s = await stored(deps, ctx.tenantId);
  if (!s) throw notFound('QZ Tray certificate (an administrator uploads it under printer administration)');
  const signer = createSign('RSA-SHA512');
  signer.update(request);
  return { signature: signer.sign(open(deps.config.jwtSecret, s.sealedKey), 'base64'), algorithm: 'SHA512' as const };
}
