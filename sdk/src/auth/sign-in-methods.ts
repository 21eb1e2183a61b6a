/**
 * Ways to sign in: the providers the server offers (`GET /api/auth/providers`; on any failure
 * the client assumes `email` and `google`, as existing clients do) and the providers linked to
 * the signed-in member's account (`/api/auth/identities`).
 */
import { FALLBACK_PROVIDERS } from '@scout/protocol/providers';
import { isRecord } from '../browser.ts';
import type { HttpClient } from '../http.ts';

export interface LinkedIdentity {
  id: string;
  provider: string;
  email: string | null;
  createdAt: string;
  lastSignInAt: string | null;
}

export interface SignInMethods {
  hasPassword: boolean;
  identities: LinkedIdentity[];
}

export async function getProviders(http: HttpClient, projectId: string): Promise<string[]> {
  try {
    const res = await http.get<unknown>('/api/auth/providers', {
      query: { projectId },
      auth: false,
    });
    const list = isRecord(res.data) ? res.data.providers : undefined;
    if (Array.isArray(list) && list.every((p) => typeof p === 'string')) return list;
  } catch {
    // Offline or an older server: fall through to what clients assume.
  }
  return [...FALLBACK_PROVIDERS];
}

export async function getSignInMethods(http: HttpClient): Promise<SignInMethods> {
  const res = await http.get<SignInMethods>('/api/auth/identities');
  return res.data;
}

export async function unlinkIdentity(http: HttpClient, identityId: string): Promise<void> {
  await http.delete(`/api/auth/identities/${encodeURIComponent(identityId)}`);
}
