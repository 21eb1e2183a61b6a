/**
 * Who may do what through the Data API: one rule set per table, like PocketBase's API rules.
 * The server enforces these; a client's claims (a `user_id` in a body, a filter) decide nothing.
 *
 * Default deny: anonymous callers get nothing (401), and a table has exactly the rights written
 * here, widened by the roles configuration (docs/roles.md): a role with `tables.all` (admins, by
 * `*`) and service keys may do everything, except that password hashes and token data are never
 * exposed (tables.ts does not even know those columns); a rule's `manage` permission lets its
 * holders change and delete every row of that table (leaders and the calendar).
 *
 * Rows a caller may not change:
 * - rows the caller cannot read are invisible: a PATCH or DELETE aimed at them matches nothing
 *   (200 `[]`), the same answer as for rows that do not exist, so nothing leaks;
 * - rows the caller can read but not change (another member's calendar event) answer 403 and
 *   nothing changes, even when other targeted rows are the caller's own.
 */
import {
  can,
  DEFAULT_ROLES_CONFIG,
  PERMISSIONS,
  type RolesConfig,
} from '@scout/protocol/permissions';
import type { Caller } from '../http/caller.ts';

/** Rows a caller may touch: all, none, or those whose `column` holds the caller's id. */
export type RowScope =
  { kind: 'all' } | { kind: 'none' } | { kind: 'owner'; column: string; userId: string };

/** `signed-in`: any signed-in user. `owner`: rows whose owner column is the caller. `admin`: admins only. */
type Who = 'signed-in' | 'owner' | 'admin';

interface RuleSet {
  /** The columns naming a row's owner; they must equal the caller's id on create and update. */
  owner: readonly string[];
  list: Who;
  create: Exclude<Who, 'signed-in'>;
  update: Exclude<Who, 'signed-in'>;
  delete: Exclude<Who, 'signed-in'>;
  /** Columns a non-admin may change (all when absent). */
  updatable?: readonly string[];
  /** Holders of this permission update and delete every row, not only their own. */
  manage?: string;
}

const RULES: Record<string, RuleSet> = {
  // One's own account row; only the profile fields. Accounts are made by sign-up, not here.
  users: {
    owner: ['id'],
    list: 'owner',
    create: 'admin',
    update: 'owner',
    delete: 'admin',
    updatable: ['display_name', 'avatar_url', 'metadata'],
  },
  // A profile row per user: id = user_id = the user.
  custom_users: {
    owner: ['id', 'user_id'],
    list: 'owner',
    create: 'owner',
    update: 'owner',
    delete: 'owner',
  },
  // Every member sees the troop calendar (docs/product.md section 6); only the creator changes an event.
  calendar_events: {
    owner: ['user_id'],
    list: 'signed-in',
    create: 'owner',
    update: 'owner',
    delete: 'owner',
    manage: PERMISSIONS.eventsManage,
  },
};

/** Tables created on the fly: each row is its owner's alone. */
const DYNAMIC_RULES: RuleSet = {
  owner: ['owner_id'],
  list: 'owner',
  create: 'owner',
  update: 'owner',
  delete: 'owner',
};

export type SignedInCaller = Exclude<Caller, { kind: 'anonymous' }>;

export interface Access {
  read: RowScope;
  create: boolean;
  update: RowScope | null;
  delete: RowScope | null;
  /** Columns a create or update may set to the caller's id only. */
  ownerColumns: readonly string[];
  /** Owner columns absent from a created row are filled in (from each other, else the caller's id). */
  fillOwner: boolean;
  /** Columns an update may change; null means any. */
  updatable: readonly string[] | null;
  /** Admins and service keys: the owner rules do not bind them. */
  unrestricted: boolean;
}

const ALL: RowScope = { kind: 'all' };

/** `can`'s answers per roles configuration (never changed once loaded): asked on every request. */
const answers = new WeakMap<RolesConfig, Map<string, boolean>>();

function roleCan(roles: RolesConfig, role: string, permission: string): boolean {
  let known = answers.get(roles);
  if (!known) answers.set(roles, (known = new Map()));
  const key = `${role}\u0000${permission}`;
  let answer = known.get(key);
  if (answer === undefined) known.set(key, (answer = can(roles, role, permission)));
  return answer;
}

/** Service keys, and roles the configuration gives `tables.all`. */
export function unrestricted(caller: SignedInCaller, roles: RolesConfig): boolean {
  return caller.kind === 'service' || roleCan(roles, caller.role, PERMISSIONS.tablesAll);
}

function scopeFor(who: Who, rules: RuleSet, caller: SignedInCaller, admin: boolean): RowScope {
  if (admin || who === 'signed-in') return ALL;
  if (who === 'admin' || caller.kind !== 'user') return { kind: 'none' };
  return { kind: 'owner', column: rules.owner[0] ?? 'id', userId: caller.userId };
}

export function accessFor(
  table: string,
  dynamic: boolean,
  caller: SignedInCaller,
  roles: RolesConfig = DEFAULT_ROLES_CONFIG,
): Access {
  const rules = dynamic ? DYNAMIC_RULES : RULES[table];
  const admin = unrestricted(caller, roles);
  // A declared table without a rule set is closed to everyone but admins.
  if (!rules) {
    const none: RowScope = admin ? ALL : { kind: 'none' };
    return {
      read: none,
      create: admin,
      update: admin ? ALL : null,
      delete: admin ? ALL : null,
      ownerColumns: [],
      fillOwner: false,
      updatable: null,
      unrestricted: admin,
    };
  }
  const manager =
    rules.manage !== undefined &&
    caller.kind === 'user' &&
    roleCan(roles, caller.role, rules.manage);
  const writeScope = (who: Exclude<Who, 'signed-in'>) =>
    admin || who === 'owner' ? (manager ? ALL : scopeFor(who, rules, caller, admin)) : null;
  return {
    read: scopeFor(rules.list, rules, caller, admin),
    create: admin || rules.create === 'owner',
    update: writeScope(rules.update),
    delete: writeScope(rules.delete),
    ownerColumns: rules.owner,
    fillOwner: rules.create === 'owner',
    updatable: admin ? null : (rules.updatable ?? null),
    unrestricted: admin,
  };
}

/** Does a row (as stored) fall inside a scope? Used for upsert targets. */
export function rowInScope(scope: RowScope, row: Record<string, unknown>): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'none') return false;
  return row[scope.column] === scope.userId;
}

/** Rows visible to the caller but not theirs to change answer 403 instead of matching nothing. */
export function visibleButNotWritable(read: RowScope, write: RowScope): boolean {
  if (read.kind === 'none' || write.kind === 'all') return false;
  return read.kind === 'all' || write.kind === 'none' || read.column !== write.column;
}
