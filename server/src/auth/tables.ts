/**
 * The account tables. The Data API serves `users` with its safe columns only (never a password
 * hash or token data, which it does not even know) and `custom_users`, the spec's profile
 * table; each member's row is their own. A role change or deletion of an account is checked and
 * audited in its transaction (members/data-api-account-writes.ts), and a committed change makes
 * this process look the account up again (session-check.ts). Sessions, sign-in links and
 * attempts are the server's own.
 */
import { accountWrites } from '../members/data-api-account-writes.ts';
import type { CapabilityTables } from '../rest/table-definition.ts';
import { checkProfileFields, checkUserRow } from './account-row-checks.ts';
import { forgetAccount } from './session-check.ts';

export const authTables: CapabilityTables = {
  served: [
    {
      name: 'users',
      // One account across its troops: a troop reads the accounts of its members.
      tenancy: 'accounts',
      columns: [
        ['id', 'text'],
        ['email', 'text'],
        ['display_name', 'text'],
        ['avatar_url', 'text'],
        ['role', 'text'],
        ['metadata', 'json'],
        ['email_verified', 'boolean'],
        ['created_at', 'text'],
      ],
      uniqueKeys: [['id'], ['email']],
      rows: { owner: ['id'], updatable: ['display_name', 'avatar_url', 'metadata'] },
      check: checkUserRow,
      onUpdate: accountWrites,
      onDelete: accountWrites,
      committed: (store, ids) => {
        for (const id of ids) forgetAccount(store, id);
      },
    },
    {
      name: 'custom_users',
      // One profile per account, read by the troops the account belongs to.
      tenancy: 'accounts',
      account: 'user_id',
      columns: [
        ['id', 'text'],
        ['user_id', 'text'],
        ['email', 'text'],
        ['display_name', 'text'],
        ['first_name', 'text'],
        ['last_name', 'text'],
        ['troop_number', 'text'],
        ['troop_role', 'text'],
        ['avatar_url', 'text'],
        ['metadata', 'json'],
        ['created_at', 'text'],
        ['updated_at', 'text'],
      ],
      uniqueKeys: [['id'], ['user_id']],
      rows: { owner: ['id', 'user_id'] },
      check: checkProfileFields,
    },
  ],
  serverOwned: [
    'refresh_tokens',
    'rate_limits',
    'link_tokens',
    'auth_links',
    'sign_in_addresses',
    'setup_links',
    'sign_in_attempts',
    'user_identities',
  ],
};
