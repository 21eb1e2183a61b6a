/**
 * What a table rule of the roles configuration grants a role (docs/roles.md, Table rules): every
 * row, the role's own rows, or none. The server enforces this answer (server/src/rest/rules.ts)
 * and the web shows only the controls it would honour, so both resolve a rule here, the same way:
 * the default rule of the table, then the configuration's fields over it.
 */
import { DYNAMIC_TABLES_KEY, whoList, type TableRule } from './access-rules.ts';
import { can, DEFAULT_ROLES_CONFIG, PERMISSIONS, type RolesConfig } from './permissions.ts';

export type TableOperation = keyof TableRule;

/** `all`: every row; `own`: the rows the member owns; `none`: no row. */
export type RowGrant = 'all' | 'own' | 'none';

/**
 * The rule of `table` once the configuration is laid over the defaults, field by field. A table
 * made on the fly (`dynamic`) starts from the `*dynamic*` rule, the default's then the
 * configuration's, and takes its own entry over that.
 */
export function resolveTableRule(
  config: RolesConfig,
  table: string,
  dynamic = false,
): Required<Record<TableOperation, readonly string[]>> {
  const defaults = DEFAULT_ROLES_CONFIG.tables ?? {};
  const own = config.tables ?? {};
  const layers: Array<TableRule | undefined> = dynamic
    ? [
        defaults[DYNAMIC_TABLES_KEY],
        own[DYNAMIC_TABLES_KEY],
        table === DYNAMIC_TABLES_KEY ? undefined : own[table],
      ]
    : [defaults[table], own[table]];
  const rule: TableRule = Object.assign({}, ...layers.filter(Boolean));
  return {
    read: whoList(rule.read),
    create: whoList(rule.create),
    update: whoList(rule.update),
    delete: whoList(rule.delete),
  };
}

/**
 * What a rule's names grant a signed-in member, given which permissions their role holds:
 * `signed-in` or a held permission gives every row, `owner` their own; `nobody`, `public` and
 * permissions not held give nothing.
 */
export function grantOfWho(
  who: readonly string[],
  holds: (permission: string) => boolean,
): RowGrant {
  let own = false;
  for (const name of who) {
    if (name === 'signed-in') return 'all';
    if (name === 'owner') own = true;
    else if (name !== 'nobody' && name !== 'public' && holds(name)) return 'all';
  }
  return own ? 'own' : 'none';
}

/**
 * What the configured rule of `table` grants `role` for `operation`. A role holding
 * `tables.all` (admins) has every row whatever the rule says; no role (not loaded, signed out)
 * has none.
 */
export function tableGrant(
  config: RolesConfig | null | undefined,
  role: string | null | undefined,
  table: string,
  operation: TableOperation,
  dynamic = false,
): RowGrant {
  if (!config || !role) return 'none';
  if (can(config, role, PERMISSIONS.tablesAll)) return 'all';
  const who = resolveTableRule(config, table, dynamic)[operation];
  return grantOfWho(who, (permission) => can(config, role, permission));
}

/** Does a grant cover a row owned by `ownerId`, for the member `userId`? */
export const grantCovers = (
  grant: RowGrant,
  ownerId: string | null | undefined,
  userId: string,
): boolean => grant === 'all' || (grant === 'own' && ownerId === userId);
