/** Every table of the server, from its capability (tables.ts). */
import { describe, expect, it } from 'vitest';
import { CHANGE_FEED_TABLES } from '@scout/protocol/change-feed';
import { TABLES } from './tables.ts';

describe('the server’s tables', () => {
  it('announce exactly the realtime channels the protocol names, which clients follow', () => {
    const announced = [...TABLES.served.values()].filter((t) => t.announced).map((t) => t.name);
    expect(announced.sort()).toEqual([...CHANGE_FEED_TABLES].sort());
  });

  it('serve the spec’s tables, and keep the server’s own and the registry’s out of clients’ reach', () => {
    expect([...TABLES.served.keys()].sort()).toEqual(['calendar_events', 'custom_users', 'users']);
    for (const name of ['refresh_tokens', 'jobs', 'audit_log', 'scouts', 'rsvps', 'data_tables'])
      expect(TABLES.reserved.has(name)).toBe(true);
  });
});
