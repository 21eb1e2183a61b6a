/**
 * What every storage function works in: the store, the file store, the clock, the addresses and
 * signing key of this server and the roles' storage rules; who a caller is to storage; and the
 * address a stored file is fetched at. Apart from the uploads (storage-service.ts) and the
 * downloads (downloads.ts) because both, and other features that store files, start here.
 */
import { UI_MESSAGES } from '@scout/protocol/errors';
import { PERMISSIONS } from '@scout/protocol/permissions';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { callerCan } from '../http/caller.ts';
import type { SignedInCaller } from '../http/route-guards.ts';
import type { Store } from '../store/store.ts';
import { FIRST_TROOP_ID, type Troop } from '../store/tenancy.ts';
import type { FileStore } from './file-store.ts';
import { isPublicPath, storageRulesOf, type StorageRules } from './area-rules.ts';
import { checkStoragePath, encodeStoragePath, type StorageActor } from './paths.ts';
import { signatureQuery, signPath } from './signed-urls.ts';
import { TROOPS_FOLDER, storedKey } from './troop-files.ts';

export interface StorageContext {
  store: Store;
  files: FileStore;
  now: () => number;
  publicUrl: string;
  /** The troop whose files these are (troop-files.ts), and the project id naming it on the wire. */
  troopId: string;
  projectId: string;
  /** Signs the links of files that are not public (storage/signed-urls.ts). */
  signingKey: Uint8Array;
  /** Who may read and write each area, from the roles configuration (docs/roles.md). */
  rules: StorageRules;
}

/**
 * A troop's storage on a running server, for its storage routes and anything that stores files:
 * the request's troop (`troopOf(req)`). Without one it is the first troop's, as a one-troop
 * server's was; a caller serving a request of any troop must name it.
 */
export const storageContextOf = (
  deps: Pick<ReadyDeps, 'store' | 'files' | 'clock' | 'config' | 'jwtSecret'>,
  troop: Pick<Troop, 'id' | 'projectId'> = { id: FIRST_TROOP_ID, projectId: deps.config.projectId },
): StorageContext => ({
  store: deps.store,
  files: deps.files,
  now: () => deps.clock.now(),
  publicUrl: deps.config.publicUrl,
  troopId: troop.id,
  projectId: troop.projectId,
  signingKey: deps.jwtSecret,
  rules: storageRulesOf(deps.config.roles),
});

/** What the roles configuration in use lets a caller do with files (docs/roles.md). */
export const storageActorOf = (
  deps: Pick<ReadyDeps, 'config'>,
  caller: SignedInCaller,
): StorageActor =>
  caller.kind === 'service'
    ? { kind: 'service' }
    : {
        kind: 'user',
        userId: caller.userId,
        allFiles: callerCan(deps, caller, PERMISSIONS.filesAll),
        holds: (permission) => callerCan(deps, caller, permission),
      };

export function parsePath(raw: unknown): string {
  const checked = checkStoragePath(raw);
  if (!checked.ok) throw new ApiError('VALIDATION_ERROR', UI_MESSAGES.storageInvalid);
  return checked.path;
}

/**
 * The file store's key of a path of the context's troop (troop-files.ts). A path the troop may
 * not use is refused as bad input when written, and answered as absent when read.
 */
export function keyOf(ctx: StorageContext, path: string, use: 'read' | 'write'): string {
  const key = storedKey(ctx.troopId, path);
  if (key !== undefined) return key;
  if (use === 'read') throw new ApiError('NOT_FOUND', UI_MESSAGES.storageNotFound);
  throw new ApiError('VALIDATION_ERROR', `The folder ${TROOPS_FOLDER} is kept for the server`);
}

export const objectUrl = (ctx: StorageContext, path: string) =>
  `${ctx.publicUrl}/api/storage/${encodeURIComponent(ctx.projectId)}/object/${encodeStoragePath(path)}`;

/**
 * The address a file is fetched at: plain where its area is public to read, else a signed link
 * that expires (an hour): a member asks `/download` for a fresh one. The link signs the stored
 * key, so it opens the file of its own troop only.
 */
export function fileUrl(ctx: StorageContext, path: string, query: string[] = []): string {
  const parts = isPublicPath(ctx.rules, path)
    ? query
    : [...query, signatureQuery(signPath(ctx.signingKey, keyOf(ctx, path, 'read'), ctx.now()))];
  return parts.length ? `${objectUrl(ctx, path)}?${parts.join('&')}` : objectUrl(ctx, path);
}
