/**
 * QZ Tray request signing: the tenant's certificate and private key live in the settings table
 * (key QZ_SIGNING on the warehouse company), the key sealed. The browser asks the server to sign
 * each QZ request, so the private key never reaches a device. A tenant without one gets a
 * self-signed certificate on first use (QZ Tray then prints silently once the certificate is
 * added to its trusted list); an administrator can replace it with one of their own.
 */
import { createPrivateKey, createSign, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import forge from 'node-forge';
import type { Deps, RequestContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { audit } from '../../audit.js';
import { open, seal } from '../../crypto/secret-box.js';
import { companies, settings, tenants } from '../../db/schema/index.js';
import { badRequest } from '../../http/errors.js';

interface StoredQz {
  certificate: string;
  sealedKey: string;
  subject: string;
  validTo: string;
}

async function ownerCompanyId(db: DbOrTx, tenantId: number): Promise<number> {
  const [c] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.tenantId, tenantId), eq(companies.isOwner, true)));
  return c.id;
}

async function stored(db: DbOrTx, tenantId: number): Promise<StoredQz | null> {
  const companyId = await ownerCompanyId(db, tenantId);
  const [row] = await db
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
  let saved: StoredQz | undefined;
  await deps.db.transaction(async (tx) => {
    saved = await writeCredentials(deps, tx, ctx, certificate, privateKey, 'upload');
  });
  return { subject: saved!.subject, validTo: saved!.validTo };
}

async function writeCredentials(
  deps: Deps,
  tx: DbOrTx,
  ctx: RequestContext,
  certificate: string,
  privateKey: string,
  how: 'upload' | 'generate',
): Promise<StoredQz> {
  const cert = new X509Certificate(certificate);
  const value: StoredQz = {
    certificate,
    sealedKey: seal(deps.config.jwtSecret, privateKey),
    subject: cert.subject,
    validTo: cert.validTo,
  };
  const companyId = await ownerCompanyId(tx, ctx.tenantId);
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
    await tx.insert(settings).values({
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
    how,
  });
  return value;
}

const GENERATED_YEARS = 10;

/** A self-signed RSA-2048 certificate for QZ Tray, named for the tenant. */
function selfSignedCertificate(tenantName: string): { certificate: string; privateKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime());
  cert.validity.notAfter.setFullYear(now.getFullYear() + GENERATED_YEARS);
  // forge works on binary strings: names go in as UTF-8 bytes, tagged UTF8String (forge reads
  // valueTagClass as the value's ASN.1 type; @types/node-forge declares it as a tag class).
  const utf8 = (value: string): forge.pki.CertificateField => ({
    value: forge.util.encodeUtf8(value),
    valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
  });
  const name = [
    { name: 'commonName', ...utf8(`${tenantName} - Dockside QZ Tray`) },
    { name: 'organizationName', ...utf8(tenantName) },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(forge.pki.privateKeyFromPem(privatePem), forge.md.sha256.create());
  return { certificate: forge.pki.certificateToPem(cert).trim(), privateKey: privatePem };
}

/** The tenant's signing credentials, generated (once, under a lock) when none were uploaded. */
async function credentials(deps: Deps, ctx: RequestContext): Promise<StoredQz> {
  const existing = await stored(deps.db, ctx.tenantId);
  if (existing) return existing;
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ctx.tenantId}, 7302)`);
    if (await stored(tx, ctx.tenantId)) return; // another request generated it meanwhile
    const [tenant] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, ctx.tenantId));
    const generated = selfSignedCertificate(tenant?.name ?? 'Dockside');
    await writeCredentials(deps, tx, ctx, generated.certificate, generated.privateKey, 'generate');
  });
  const created = await stored(deps.db, ctx.tenantId);
  if (!created) throw new Error('QZ Tray certificate was not stored');
  return created;
}

export async function qzCertificate(deps: Deps, ctx: RequestContext) {
  const s = await credentials(deps, ctx);
  return { certificate: s.certificate, subject: s.subject, validTo: s.validTo };
}

/** Signs QZ's request string with RSA-SHA512 (qz.security.setSignatureAlgorithm('SHA512')). */
export async function qzSign(deps: Deps, ctx: RequestContext, request: string) {
  const s = await credentials(deps, ctx);
  const signer = createSign('RSA-SHA512');
  signer.update(request);
  return { signature: signer.sign(open(deps.config.jwtSecret, s.sealedKey), 'base64'), algorithm: 'SHA512' as const };
}
