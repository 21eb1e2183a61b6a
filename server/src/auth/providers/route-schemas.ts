/** Input and output of the provider routes (routes.ts), published in the OpenAPI document. */
import { z } from 'zod';
import { PROVIDER_NAME_PATTERN } from './provider-config.ts';

/** A provider's name, as AUTH_PROVIDERS allows it (provider-config.ts). */
export const providerName = z.string().regex(PROVIDER_NAME_PATTERN);

/**
 * What a provider sends back, in the query or (Apple's form_post) a form; anything else it adds
 * is kept for openid-client to read. Every value is text, given once.
 */
export const callbackParams = z
  .object({
    code: z.string(),
    state: z.string(),
    iss: z.string(),
    error: z.string(),
    error_description: z.string(),
  })
  .partial()
  .catchall(z.string());

/** A posted form's fields; no body is no fields. */
export const formFields = z
  .record(z.string(), z.string())
  .nullish()
  .transform((fields) => fields ?? {});

export const tokensAnswer = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  refresh_expires_in: z.number(),
});

/** An app's code exchange (mobile-sessions.ts); the values' shapes are checked there. */
export const appCodeExchange = z.object({
  code: z.string().max(256),
  code_verifier: z.string().max(256),
  redirect_uri: z.string().max(2048),
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
