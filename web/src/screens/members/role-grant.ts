import { can, PERMISSIONS, type RolesConfig } from '@scout/protocol/permissions';

/** What each permission lets its holder do, in the words of the confirmation. */
const PERMISSION_WORDS: Record<string, string> = {
  [PERMISSIONS.membersManage]: "change everyone's app role",
  [PERMISSIONS.membersApprove]: 'let people in, suspend and remove members',
  [PERMISSIONS.membersRead]: "see every member's email and roles",
  [PERMISSIONS.auditRead]: 'read the audit log',
  [PERMISSIONS.eventsManage]: 'change and delete every troop event',
  [PERMISSIONS.rsvpsManage]: "change anyone's answers and export them",
  [PERMISSIONS.scoutsRead]: "read every scout's details",
  [PERMISSIONS.notificationsSend]: 'email the troop',
  [PERMISSIONS.analyticsRead]: 'read the analytics',
  [PERMISSIONS.troopFilesWrite]: "change the troop's shared files",
  [PERMISSIONS.aiUse]: 'use the AI tools',
  [PERMISSIONS.dataUse]: 'fetch pages from the web',
  [PERMISSIONS.tablesAll]: 'read and change all stored data',
};

/** The permissions a role holds, its inherited roles' included, each role visited once. */
function permissionsOf(config: RolesConfig, role: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const visit = (name: string) => {
    if (seen.has(name) || !Object.hasOwn(config.roles, name)) return;
    seen.add(name);
    const def = config.roles[name];
    if (!def) return;
    out.push(...def.permissions);
    (def.inherit ?? []).forEach(visit);
  };
  visit(role);
  return out;
}

export interface RoleGrant {
  /** The role gives more than a plain member (the configuration's default role) has. */
  raises: boolean;
  /** What it allows beyond that, in words; `everything` for a role with every permission. */
  allows: string[] | 'everything';
}

/**
 * What giving `role` lets a member do beyond what every member may (docs/roles.md): such a role
 * (admin, leader) is asked before it is given, naming what it allows; a lower one is not.
 */
export function roleGrant(config: RolesConfig, role: string): RoleGrant {
  const beyond = permissionsOf(config, role).filter((p) => !can(config, config.defaultRole, p));
  if (beyond.length === 0) return { raises: false, allows: [] };
  if (beyond.includes('*')) return { raises: true, allows: 'everything' };
  const words = Object.entries(PERMISSION_WORDS)
    .filter(
      ([permission]) =>
        can(config, role, permission) && !can(config, config.defaultRole, permission),
    )
    .map(([, said]) => said);
  return { raises: true, allows: words.length > 0 ? words : ['more than other members'] };
}

/** "Kim Lee (kim@example.org) will be able to ..." */
export function roleGrantWords(who: string, role: string, grant: RoleGrant): string {
  if (grant.allows === 'everything')
    return `${who} will be able to do everything in the app as ${role}, including changing app roles and removing members.`;
  const list = grant.allows;
  const said =
    list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
  return `As ${role}, ${who} will be able to ${said}.`;
}
