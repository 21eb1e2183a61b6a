/**
 * The social test troop (server/test/social.ts) is what its comment says, as the channel rules
 * read it: the suites of the feed build on these channels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_ACTORS, socialTroop, type SocialTroop } from '../../test/social.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import { channelsOf } from './channel-rules.ts';
import { readRoster } from './roster.ts';

describe.each(testStoreKinds)('the social test troop (%s)', (kind) => {
  let s: SocialTroop;
  beforeAll(async () => {
    s = await socialTroop(kind);
  });
  afterAll(() => s.close());

  it('gives each actor the channels the rules say', async () => {
    const roster = await readRoster(s.t.deps.store, s.t.deps.config.roles, FIRST_TROOP_ID);
    const channels = Object.fromEntries(
      SOCIAL_ACTORS.map((a) => {
        const m = roster.members.get(s.userId[a]);
        return [a, m ? channelsOf(roster, m) : null];
      }),
    );
    const all = ['troop', 'leaders', 'patrol:hawks', 'patrol:owls'];
    expect(channels).toEqual({
      admin: all,
      leader: all,
      leader2: all,
      parentOwls: ['troop', 'patrol:owls'],
      youthOwls: ['troop', 'patrol:owls'],
      parentHawks: ['troop', 'patrol:hawks'],
      youthHawks: ['troop', 'patrol:hawks'],
      noScouts: ['troop'],
      outsider: null,
      anonymous: null,
      service: null,
    });
    expect(roster.members.get(s.userId.youthOwls)).toMatchObject({
      youth: true,
      mayPost: true,
      parents: [s.userId.parentOwls],
    });
  });
});
