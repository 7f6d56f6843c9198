/** Self-registration, activation, the signed-in user's account, passwords and MFA enrolment. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { accountUpdateSchema, Locale, Register } from '../../../domain/schemas/auth.js';
import type { Deps, RequestContext } from '../../context.js';
import { audit } from '../../audit.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { loadPrincipal, toUserData } from '../../auth/principal.js';
import { newTotpSecret, otpauthUri, verifyTotp } from '../../auth/totp.js';
import { readTenantSetting } from '../../db/tenant-settings.js';
import { tenants, users } from '../../db/schema/index.js';
import { badRequest, businessRule, conflict, notFound, refusal } from '../../http/errors.js';
import { createTenant } from '../tenants/bootstrap.js';
import { assertPasswordPolicy } from './password-policy.js';
import { revokeFamily } from '../auth/sessions.js';
import { refreshTokens } from '../../db/schema/index.js';
import type { Language } from '../../i18n.js';
import { mailLanguage, mailWriter } from '../../mail.js';

const RESET_KEY_TTL_MS = 24 * 60 * 60 * 1000;
const sha = (s: string) => createHash('sha256').update(s).digest('base64url');
const link = (deps: Deps, path: string) => `${deps.config.publicUrl ?? `http://localhost:${deps.config.port}`}${path}`;

function tenantKeyFrom(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24);
  return `${base.length >= 3 ? base : 'tenant'}-${randomBytes(2).toString('hex')}`;
}

/**
 * Self-registration creates a tenant, its warehouse company and an admin in CompanyNewUserRole;
 * the admin keeps the language chosen on the register page, and the activation mail is in it.
 */
export async function register(deps: Deps, input: Register, screen?: Language) {
  const key = input.tenantKey ?? tenantKeyFrom(input.companyName);
  const activationKey = randomBytes(24).toString('base64url');
  const result = await deps.db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.username, input.username), eq(users.email, input.email)));
    if (taken) throw conflict(refusal('refusals.usernameTaken'));
    const [keyTaken] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.key, key));
    if (keyTaken) throw conflict(refusal('refusals.tenantKeyTaken', { key }));
    const created = await createTenant(tx, {
      key,
      name: input.companyName,
      companyName: input.companyName,
      status: 'Trial',
      setupComplete: false,
    });
    const [user] = await tx
      .insert(users)
      .values({
        tenantId: created.tenant.id,
        companyId: created.company.id,
        username: input.username,
        email: input.email,
        fullname: input.fullname,
        passwordHash: await hashPassword(input.password),
        roleId: created.roles.newUser.id,
        status: 'pending',
        langKey: input.langKey ?? null,
        activationKey: sha(activationKey),
      })
      .returning();
    const actor = { tenantId: created.tenant.id, companyId: created.company.id, userId: user.id };
    await audit(tx, actor, 'tenant', created.tenant.id, 'create', null, created.tenant);
    await audit(tx, actor, 'user', user.id, 'create', null, user);
    return { tenantKey: key, tenantId: created.tenant.id, userId: user.id };
  });
  const { t, body } = mailWriter(await mailLanguage(deps.db, result.tenantId, input.langKey, screen));
  await deps.mailer.send({
    tenantId: result.tenantId,
    to: input.email,
    subject: t('mail.activation.subject'),
    body: body(
      t('mail.greeting', { name: input.fullname }),
      '',
      t('mail.activation.activate', { link: link(deps, `/activate-account/${activationKey}`) }),
      '',
      t('mail.activation.signInPage', { link: link(deps, `/login/${key}`) }),
    ),
    template: 'activation',
  });
  return { tenantKey: result.tenantKey, username: input.username, activationRequired: true };
}

export async function activate(deps: Deps, key: string) {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(eq(users.activationKey, sha(key)));
  if (!user) throw notFound('Activation key');
  await deps.db
    .update(users)
    .set({ status: 'active', activationKey: null, updatedAt: deps.now().toISOString() })
    .where(eq(users.id, user.id));
  await audit(
    deps.db,
    { tenantId: user.tenantId, companyId: user.companyId, userId: user.id },
    'user',
    user.id,
    'status',
    { status: user.status },
    { status: 'active' },
  );
  deps.principals.invalidate();
  return { activated: true, username: user.username };
}

/** Always answers the same, so it cannot be used to learn which accounts exist. */
export async function resendActivation(deps: Deps, who: string, screen?: Language) {
  const needle = who.trim().toLowerCase();
  const [user] = await deps.db
    .select()
    .from(users)
    .where(or(eq(users.username, needle), eq(users.email, needle)));
  if (user && user.status === 'pending' && user.email) {
    const activationKey = randomBytes(24).toString('base64url');
    await deps.db
      .update(users)
      .set({ activationKey: sha(activationKey) })
      .where(eq(users.id, user.id));
    const { t, body } = mailWriter(await mailLanguage(deps.db, user.tenantId, user.langKey, screen));
    await deps.mailer.send({
      tenantId: user.tenantId,
      to: user.email,
      subject: t('mail.activation.subject'),
      body: body(
        t('mail.greeting', { name: user.fullname }),
        '',
        t('mail.activation.activate', { link: link(deps, `/activate-account/${activationKey}`) }),
      ),
      template: 'activation',
    });
  }
  return { sent: true };
}

export async function getAccount(deps: Deps, ctx: RequestContext) {
  const p = await loadPrincipal(deps.db, ctx.userId);
  if (!p) throw notFound('Account');
  return toUserData(p);
}

export async function updateAccount(deps: Deps, ctx: RequestContext, input: z.infer<typeof accountUpdateSchema>) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, ctx.userId));
    if (input.email && input.email !== before.email) {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (taken) throw conflict(refusal('refusals.emailTaken'));
    }
    const [after] = await tx
      .update(users)
      .set({ ...input, updatedAt: deps.now().toISOString() })
      .where(eq(users.id, ctx.userId))
      .returning();
    await audit(tx, ctx, 'user', ctx.userId, 'update', before, after);
  });
  deps.principals.invalidate();
  return getAccount(deps, ctx);
}

/** Saves the language the user chose (header, user menu, account settings); answers the new userData. */
export async function setLanguage(deps: Deps, ctx: RequestContext, langKey: Locale) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select({ langKey: users.langKey }).from(users).where(eq(users.id, ctx.userId));
    if (before?.langKey === langKey) return;
    await tx.update(users).set({ langKey, updatedAt: deps.now().toISOString() }).where(eq(users.id, ctx.userId));
    await audit(tx, ctx, 'user', ctx.userId, 'update', before ?? null, { langKey });
  });
  deps.principals.invalidate();
  return getAccount(deps, ctx);
}

export async function changePassword(deps: Deps, ctx: RequestContext, currentPassword: string, newPassword: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, ctx.userId));
  if (!(await verifyPassword(currentPassword, user.passwordHash)))
    throw badRequest(refusal('refusals.passwordWrong', { field: 'currentPassword' }));
  await assertPasswordPolicy(deps.db, ctx.tenantId, newPassword, 'newPassword');
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword), updatedAt: deps.now().toISOString() })
      .where(eq(users.id, ctx.userId));
    await audit(tx, ctx, 'user', ctx.userId, 'password', null, { changed: true });
  });
  return { changed: true };
}

/** Always the same answer, whether or not the e-mail is known. */
export async function resetPasswordInit(deps: Deps, email: string, screen?: Language) {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  if (user && user.status !== 'disabled') {
    const key = randomBytes(24).toString('base64url');
    await deps.db
      .update(users)
      .set({
        resetKeyHash: sha(key),
        resetKeyExpiresAt: new Date(deps.now().getTime() + RESET_KEY_TTL_MS).toISOString(),
      })
      .where(eq(users.id, user.id));
    const { t, body } = mailWriter(await mailLanguage(deps.db, user.tenantId, user.langKey, screen));
    await deps.mailer.send({
      tenantId: user.tenantId,
      to: email,
      subject: t('mail.passwordReset.subject'),
      body: body(
        t('mail.greeting', { name: user.fullname }),
        '',
        t('mail.passwordReset.reset', { link: link(deps, `/forgot-password/${key}`) }),
        '',
        t('mail.passwordReset.ignore'),
      ),
      template: 'password-reset',
    });
  }
  return { sent: true };
}

export async function resetPasswordFinish(deps: Deps, key: string, newPassword: string) {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(eq(users.resetKeyHash, sha(key)));
  if (!user || !user.resetKeyExpiresAt || Date.parse(user.resetKeyExpiresAt) < deps.now().getTime()) {
    throw businessRule(refusal('refusals.resetLinkInvalid'));
  }
  await assertPasswordPolicy(deps.db, user.tenantId, newPassword, 'newPassword');
  await deps.db
    .transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          passwordHash: await hashPassword(newPassword),
          resetKeyHash: null,
          resetKeyExpiresAt: null,
          failedLogins: 0,
          lockedUntil: null,
        })
        .where(eq(users.id, user.id));
      // A reset means the old password may be known to someone else: end every session.
      const families = await tx
        .selectDistinct({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, user.id));
      await audit(
        tx,
        { tenantId: user.tenantId, companyId: user.companyId, userId: user.id },
        'user',
        user.id,
        'password',
        null,
        { reset: true },
      );
      return families;
    })
    .then(async (families) => {
      for (const f of families) await revokeFamily(deps, f.familyId);
    });
  return { reset: true };
}

export async function mfaSetup(deps: Deps, ctx: RequestContext) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, ctx.userId));
  if (user.mfaEnabled) throw businessRule(refusal('refusals.mfaAlreadyOn'));
  const secret = newTotpSecret();
  await deps.db.update(users).set({ mfaPendingSecret: secret }).where(eq(users.id, ctx.userId));
  return { secret, otpauthUri: otpauthUri(secret, user.username, `Dockside (${ctx.tenantKey})`) };
}

export async function mfaConfirm(deps: Deps, ctx: RequestContext, code: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, ctx.userId));
  if (!user.mfaPendingSecret) throw businessRule(refusal('refusals.mfaStartFirst'));
  const step = verifyTotp(user.mfaPendingSecret, code, deps.now());
  if (step === null) throw badRequest(refusal('refusals.mfaCodeMismatch'));
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ mfaSecret: user.mfaPendingSecret, mfaPendingSecret: null, mfaEnabled: true, mfaLastStep: step })
      .where(eq(users.id, ctx.userId));
    await audit(tx, ctx, 'user', ctx.userId, 'mfa', { mfaEnabled: false }, { mfaEnabled: true });
  });
  deps.principals.invalidate();
  return { mfaEnabled: true };
}

export async function mfaDisable(deps: Deps, ctx: RequestContext, password: string) {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, ctx.userId)));
  if (!(await verifyPassword(password, user.passwordHash)))
    throw badRequest(refusal('refusals.passwordWrong', { field: 'password' }));
  if (await readTenantSetting(deps.db, ctx.tenantId, 'MFA_REQUIRED'))
    throw businessRule(refusal('refusals.mfaRequiredByWarehouse'));
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ mfaSecret: null, mfaEnabled: false, mfaLastStep: null })
      .where(eq(users.id, ctx.userId));
    await audit(tx, ctx, 'user', ctx.userId, 'mfa', { mfaEnabled: true }, { mfaEnabled: false });
  });
  deps.principals.invalidate();
  return { mfaEnabled: false };
}
