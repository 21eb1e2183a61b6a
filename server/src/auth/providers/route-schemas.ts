/** Input and output of the provider routes (routes.ts), published in the OpenAPI document. */
import { z } from 'zod';
import { PROVIDER_NAME_PATTERN } from './provider-config.ts';

/** A provider's name, as AUTH_PROVIDERS allows it (provider-config.ts). */
export const providerName = z.string().regex(PROVIDER_NAME_PATTERN);

/** What a provider sends back; anything else it adds is kept for openid-client to read. */
export const callbackQuery = z
  .object({
    code: z.string(),
    state: z.string(),
    iss: z.string(),
    error: z.string(),
    error_description: z.string(),
  })
  .partial()
  .loose();

export const tokensAnswer = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  refresh_expires_in: z.number(),
});

export const identitiesAnswer = z.object({
  hasPassword: z.boolean(),
  identities: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      email: z.string().nullable(),
      createdAt: z.string(),
      lastSignInAt: z.string().nullable(),
    }),
  ),
});

export const stringFields = (value: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  return out;
};
