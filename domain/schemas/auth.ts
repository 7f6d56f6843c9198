/** Sign-in, session and account payloads (spec §3 sign-in payload, §7 sign-in and session). */
import { z } from 'zod';
import { AUDIENCES } from '../enums.js';
import { ACTIONS } from '../permissions.js';
import { hint } from '../validation/error-map.js';

export const LOCALES = ['en', 'de', 'fr', 'pt'] as const;
export type Locale = (typeof LOCALES)[number];
export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

export const MIN_PASSWORD_LENGTH = 4;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export const usernameSchema = z.string().trim().min(1).max(100).toLowerCase();
export const passwordSchema = z.string().min(MIN_PASSWORD_LENGTH).max(200);
export const mfaCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, hint('mfaCode'));

export const signInSchema = z.object({
  username: usernameSchema,
  password: z.string().min(1).max(200),
  tenantKey: z.string().trim().min(1).max(64).optional(),
});
export type SignIn = z.infer<typeof signInSchema>;

export const mfaVerifySchema = signInSchema.extend({ mfaCode: mfaCodeSchema });
export type MfaVerify = z.infer<typeof mfaVerifySchema>;

export const refreshTokenSchema = z.object({ refreshToken: z.string().min(10).max(400) });

export const abilitySchema = z.object({ action: z.enum(ACTIONS), subject: z.string() });

export const userDataSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  tenantId: z.number().int(),
  tenantKey: z.string(),
  fullname: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.object({ roleName: z.string(), id: z.number().int() }),
  ability: z.array(abilitySchema),
  extendedResources: z.array(z.string()),
  audience: z.enum(AUDIENCES),
  companyName: z.string(),
  accountNo: z.string(),
  mfaEnabled: z.boolean(),
  /** The tenant requires two-step verification and this user has not set it up: nothing else opens. */
  mfaSetupRequired: z.boolean(),
  /** The language the user chose (saved on the user, issue 41); null: not chosen yet. */
  langKey: z.enum(LOCALES).nullable(),
});
export type UserData = z.infer<typeof userDataSchema>;

export const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  userData: userDataSchema,
});
export type Tokens = z.infer<typeof tokensSchema>;

export const signInResultSchema = z.union([tokensSchema, z.object({ mfaRequired: z.literal(true) })]);
export const loggedOutSchema = z.object({ loggedOut: z.boolean() });

export const registerSchema = z.object({
  tenantKey: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/, hint('tenantKey'))
    .optional(),
  companyName: z.string().trim().min(2).max(200),
  fullname: z.string().trim().min(1).max(200),
  username: usernameSchema.pipe(z.string().regex(/^[a-z0-9._@-]{3,100}$/, hint('username'))),
  email: z.email().max(200),
  password: passwordSchema,
  /** The language chosen on the register page; the new user keeps it (their e-mails are in it). */
  langKey: z.enum(LOCALES).optional(),
});
export type Register = z.infer<typeof registerSchema>;

export const accountUpdateSchema = z.object({
  fullname: z.string().trim().min(1).max(200).optional(),
  email: z.email().max(200).optional(),
  langKey: z.enum(LOCALES).optional(),
});

/** The language choice alone, saved whenever the user changes it (header, user menu, account settings). */
export const accountLanguageSchema = z.object({ langKey: z.enum(LOCALES) });

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword: passwordSchema,
});
export const resetInitSchema = z.object({ email: z.email() });
export const resetFinishSchema = z.object({ key: z.string().min(10).max(200), newPassword: passwordSchema });
export const mfaConfirmSchema = z.object({ mfaCode: mfaCodeSchema });
export const mfaDisableSchema = z.object({ password: z.string().min(1).max(200) });

// ---- account response bodies ----

export const registeredSchema = z.object({
  tenantKey: z.string(),
  username: z.string(),
  activationRequired: z.literal(true),
});
export const activatedSchema = z.object({ activated: z.literal(true), username: z.string() });
/** Answered whether or not the account exists, so the answer tells nobody who is registered. */
export const emailSentSchema = z.object({ sent: z.literal(true) });
export const passwordChangedSchema = z.object({ changed: z.literal(true) });
export const passwordResetSchema = z.object({ reset: z.literal(true) });
export const mfaSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export const mfaStateSchema = z.object({ mfaEnabled: z.boolean() });
