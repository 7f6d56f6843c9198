/**
 * OAuth 2.0 shapes shared by providers that follow RFC 6749 closely (Login with Amazon, eBay):
 * the token answer and the `{error, error_description}` refusal.
 */
import { z } from 'zod';

export const oauthTokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().optional(),
  refresh_token_expires_in: z.number().int().positive().optional(),
});
export type OAuthToken = z.infer<typeof oauthTokenSchema>;

export const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

export const basicAuth = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
