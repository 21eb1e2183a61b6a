/**
 * Who may do what through the Data API: one rule per table, like PocketBase's API rules, read
 * from the roles configuration (its `tables` section, docs/roles.md; what it leaves out comes
 * from DEFAULT_ROLES_CONFIG). The server enforces these; a client's claims (a `user_id` in a
 * body, a filter) decide nothing.
 *
 * Default deny: anonymous callers get nothing (401), and a table has exactly the rights its rule
 * gives. A role with `tables.all` (admins, by `*`) and service keys may do everything, except
 * that password hashes and token data are never exposed (tables.ts does not even know those
 * columns). Which columns name a row's owner, and which a member may change, are facts of the
 * schema and stay here: a configuration decides who, never what a column means.
 *
 * Rows a caller may not change:
 * - rows the caller cannot read are invisible: a PATCH or DELETE aimed at them matches nothing
 *   (200 `[]`), the same answer as for rows that do not exist, so nothing leaks;
 * - rows the caller can read but not change (another member's calendar event) answer 403 and
 *   nothing changes, even when other targeted rows are the caller's own.
 */
import { DYNAMIC_TABLES_KEY } from '@scout/protocol/access-rules';
import {
  can,
  DEFAULT_ROLES_CONFIG,
  PERMISSIONS,
  type RolesConfig,
} from '@scout/protocol/permissions';
import { grantOfWho, resolveTableRule } from '@scout/protocol/table-grants';
import type { Caller } from '../http/caller.ts';
import type { RowOwnership } from './table-definition.ts';

/** Rows a caller may touch: all, none, or those whose `column` holds the caller's id. */
export type RowScope =
  { kind: 'all' } | { kind: 'none' } | { kind: 'owner'; column: string; userId: string };

/** What accessFor needs of a table: a declared one (tables.ts), or one made on the fly. */
export interface RuledTable {
  name: string;
  /** Made on the fly (false when absent). */
  dynamic?: boolean;
  /** A declared table's owner columns (table-definition.ts); none closes it to members. */
  rows?: RowOwnership;
}

/** A table made on the fly, or not made yet: its rows are their `owner_id`'s. */
export const onTheFly = (name: string): RuledTable => ({ name, dynamic: true });

const DYNAMIC_ROWS: RowOwnership = { owner: ['owner_id'] };

/** Each configuration's rules, resolved once per table (a configuration never changes once loaded). */
const resolved = new WeakMap<RolesConfig, Map<string, TableRule>>();

/** The configured rule for a table, or null for a declared table with no owner columns. */
function ruleOf(roles: RolesConfig, table: RuledTable): ResolvedRule | null {
  const rows = table.dynamic ? DYNAMIC_ROWS : table.rows;
  if (!rows) return null;
  let rules = resolved.get(roles);
  // Stryker disable next-line ConditionalExpression: resolving again gives the same rules
  if (!rules) resolved.set(roles, (rules = new Map()));
  // A table made on the fly that the configuration does not name has the `*dynamic*` rule.
  const named = !table.dynamic || Object.hasOwn(roles.tables ?? {}, table.name);
  const key = named ? `${table.dynamic === true ? 'd' : 't'}:${table.name}` : DYNAMIC_TABLES_KEY;
  let rule = rules.get(key);
  if (!rule) {
    // Stryker disable next-line BooleanLiteral: for `*dynamic*` itself both ways read the same layers
    rule = resolveTableRule(roles, named ? table.name : DYNAMIC_TABLES_KEY, table.dynamic === true);
    rules.set(key, rule);
  }
  return { shape: rows, ...rule };
}

type TableRule = ReturnType<typeof resolveTableRule>;

interface ResolvedRule extends TableRule {
  shape: RowOwnership;
}

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
  // Stryker disable next-line ConditionalExpression: a new map only forgets answers
  if (!known) answers.set(roles, (known = new Map()));
  const key = `${role}\u0000${permission}`;
  let answer = known.get(key);
  // Stryker disable next-line ConditionalExpression: asking again gives the same answer
  if (answer === undefined) known.set(key, (answer = can(roles, role, permission)));
  return answer;
}

/** Service keys, and roles the configuration gives `tables.all`. */
export function unrestricted(caller: SignedInCaller, roles: RolesConfig): boolean {
  return caller.kind === 'service' || roleCan(roles, caller.role, PERMISSIONS.tablesAll);
}

/**
 * The rows a rule gives the caller (protocol/src/table-grants.ts, the web asks the same): all of
 * them, their own, or null when it gives nothing.
 */
function grant(
  who: readonly string[],
  shape: RowOwnership,
  caller: SignedInCaller,
  roles: RolesConfig,
): RowScope | null {
  // Stryker disable next-line ConditionalExpression: service keys are unrestricted, never asked here
  if (caller.kind !== 'user') return null;
  const given = grantOfWho(who, (permission) => roleCan(roles, caller.role, permission));
  if (given === 'all') return ALL;
  return given === 'own'
    ? // Stryker disable next-line StringLiteral: every shape names an owner column
      { kind: 'owner', column: shape.owner[0] ?? 'id', userId: caller.userId }
    : null;
}

export function accessFor(
  table: RuledTable,
  caller: SignedInCaller,
  roles: RolesConfig = DEFAULT_ROLES_CONFIG,
): Access {
  const rule = ruleOf(roles, table);
  const admin = unrestricted(caller, roles);
  // A declared table without a rule is closed to everyone but admins.
  if (!rule) {
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
  const scope = (who: readonly string[]) => (admin ? ALL : grant(who, rule.shape, caller, roles));
  return {
    read: scope(rule.read) ?? { kind: 'none' },
    create: scope(rule.create) !== null,
    update: scope(rule.update),
    delete: scope(rule.delete),
    ownerColumns: rule.shape.owner,
    // Rows are filled in with their owner when members may create them at all.
    fillOwner: rule.create.some((name) => name !== 'nobody'),
    updatable: admin ? null : (rule.shape.updatable ?? null),
    unrestricted: admin,
  };
}

/** Does a row (as stored) fall inside a scope? Used for upsert targets. */
export function rowInScope(scope: RowScope, row: Record<string, unknown>): boolean {
  // Stryker disable next-line ConditionalExpression,StringLiteral: `all` has no column, so the owner check below would pass it too
  if (scope.kind === 'all') return true;
  if (scope.kind === 'none') return false;
  return row[scope.column] === scope.userId;
}

/** Rows visible to the caller but not theirs to change answer 403 instead of matching nothing. */
export function visibleButNotWritable(read: RowScope, write: RowScope): boolean {
  if (read.kind === 'none' || write.kind === 'all') return false;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: the column check alone gives the same answers; the kinds say why
  return read.kind === 'all' || write.kind === 'none' || read.column !== write.column;
}
