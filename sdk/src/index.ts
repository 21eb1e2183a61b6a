/**
 * The package's public entry: `createClient` and the types and errors an app needs. Everything
 * else under src/ is internal and may change without notice.
 */
export { createClient } from './client.ts';
export type { ClientOptions, ScoutClient } from './client.ts';
export { ScoutError, isScoutError } from './errors.ts';
export type { ErrorKind } from './errors.ts';
export type { StorageLike } from './auth/token-store.ts';
export type {
  LinkedIdentity,
  MobileOAuthStart,
  MobilePollOptions,
  SignInMethods,
} from './auth/auth-client.ts';
export type { Row, Where, OrderBy, FilterValue } from './db/query.ts';
export type { ListOptions, Page, RecordId, UpsertOptions } from './db/table-client.ts';
export type { UploadBody, UploadOptions, UploadResult, DownloadInfo } from './storage.ts';
export type { EmailMessage, EmailResult } from './notifications.ts';
export type {
  WireUser,
  StoredTokens,
  TokenResponse,
  SessionResponse,
  UserMetadata,
} from '@scout/protocol/auth';
export type { RolesConfig, RoleDefinition } from '@scout/protocol/permissions';
