/**
 * The feed's youth-protection rules on a roster as data: who reads which channel, and what of
 * it they see. The routes, realtime and mail are checked against the same rules in
 * authorization-matrix.test.ts; here each rule is shown alone, with the case that breaks it.
 */
import { describe, expect, it } from 'vitest';
import { patrolChannelId, type SocialChannelId } from '@scout/protocol/social';
import {
  adultReaders,
  channelReaders,
  channelsOf,
  postsIn,
  readsChannel,
  seesItem,
  youthSafeguardProblem,
  type SocialMember,
  type SocialRoster,
} from './channel-rules.ts';

const OWLS = patrolChannelId('Owls');
const HAWKS = patrolChannelId('Hawks');

const adult = (userId: string, over: Partial<SocialMember> = {}): SocialMember => ({
  userId,
  name: userId,
  moderator: false,
  youth: false,
  patrols: [],
  parents: [],
  children: [],
  mayPost: true,
  ...over,
});
const youth = (userId: string, over: Partial<SocialMember> = {}): SocialMember =>
  adult(userId, { youth: true, mayPost: false, ...over });

/** Two leaders; the Owls family (parent + scout); the Hawks family; a parent with no scouts. */
function troop(over: SocialMember[] = []): SocialRoster {
  const members = [
    adult('leader1', { moderator: true }),
    adult('leader2', { moderator: true }),
    adult('parentOwls', { patrols: [OWLS], children: ['youthOwls'] }),
    youth('youthOwls', { patrols: [OWLS], parents: ['parentOwls'], mayPost: true }),
    adult('parentHawks', { patrols: [HAWKS], children: ['youthHawks'] }),
    youth('youthHawks', { patrols: [HAWKS], parents: ['parentHawks'] }),
    adult('noScouts'),
    ...over,
  ];
  return {
    members: new Map(members.map((m) => [m.userId, m])),
    patrols: new Map<SocialChannelId, string>([
      [OWLS, 'Owls'],
      [HAWKS, 'Hawks'],
    ]),
  };
}
const member = (roster: SocialRoster, id: string) => {
  const m = roster.members.get(id);
  if (!m) throw new Error(`no ${id}`);
  return m;
};

describe('channel rules', () => {
  it('gives each member the channels of their place in the troop', () => {
    const r = troop();
    const of = (id: string) => channelsOf(r, member(r, id));
    expect(of('leader1')).toEqual(['troop', 'leaders', HAWKS, OWLS]);
    expect(of('parentOwls')).toEqual(['troop', OWLS]);
    expect(of('youthOwls')).toEqual(['troop', OWLS]);
    expect(of('youthHawks')).toEqual(['troop', HAWKS]);
    expect(of('noScouts')).toEqual(['troop']);
  });

  it('never lets a youth into the leaders channel, even with a leader role', () => {
    const r = troop([youth('youthLeader', { moderator: true, parents: ['parentOwls'] })]);
    expect(readsChannel(r, member(r, 'youthLeader'), 'leaders')).toBe(false);
    expect(channelReaders(r, 'leaders').map((m) => m.userId)).toEqual(['leader1', 'leader2']);
  });

  it('closes a channel to youth while it has fewer than two adults', () => {
    const r = troop();
    r.members = new Map([...r.members].filter(([id]) => id !== 'leader2'));
    // Owls: leader1 and the Owls parent read it; Hawks the same: still two.
    expect(readsChannel(r, member(r, 'youthOwls'), OWLS)).toBe(true);
    r.members = new Map([...r.members].filter(([id]) => id !== 'leader1'));
    expect(adultReaders(r, OWLS).map((m) => m.userId)).toEqual(['parentOwls']);
    expect(youthSafeguardProblem(r, member(r, 'youthOwls'), OWLS)).toBe('adults');
    expect(readsChannel(r, member(r, 'youthOwls'), OWLS)).toBe(false);
    // The parent still reads it: the rule guards the youth, not the adults.
    expect(readsChannel(r, member(r, 'parentOwls'), OWLS)).toBe(true);
  });

  it('closes every channel to a youth whose parents are not members', () => {
    const r = troop([youth('orphan', { patrols: [OWLS], parents: ['gone'] })]);
    expect(youthSafeguardProblem(r, member(r, 'orphan'), 'troop')).toBe('parents');
    expect(channelsOf(r, member(r, 'orphan'))).toEqual([]);
  });

  it('keeps a youth out of a patrol channel their parent cannot read', () => {
    // A youth who lists a patrol their household's adults are not in (a data slip).
    const r = troop([youth('stray', { patrols: [HAWKS], parents: ['parentOwls'] })]);
    expect(youthSafeguardProblem(r, member(r, 'stray'), HAWKS)).toBe('parents');
    expect(channelsOf(r, member(r, 'stray'))).toEqual(['troop']);
  });

  it('lets a youth post only once allowed, and only where they read', () => {
    const r = troop();
    expect(postsIn(r, member(r, 'youthOwls'), OWLS)).toBe(true);
    expect(postsIn(r, member(r, 'youthOwls'), HAWKS)).toBe(false);
    expect(postsIn(r, member(r, 'youthHawks'), HAWKS)).toBe(false);
    expect(postsIn(r, member(r, 'parentHawks'), HAWKS)).toBe(true);
    expect(postsIn(r, member(r, 'noScouts'), 'leaders')).toBe(false);
  });

  it('shows items by status, author, parenthood and moderation', () => {
    const r = troop();
    const sees = (id: string, item: Parameters<typeof seesItem>[2]) =>
      seesItem(r, member(r, id), item);
    const pendingByYouth = { channel: OWLS, authorId: 'youthOwls', status: 'pending' } as const;
    expect(sees('youthOwls', pendingByYouth)).toBe(true);
    expect(sees('parentOwls', pendingByYouth)).toBe(true);
    expect(sees('leader2', pendingByYouth)).toBe(true);
    expect(sees('noScouts', pendingByYouth)).toBe(false);
    expect(sees('parentHawks', pendingByYouth)).toBe(false);

    const visibleOwls = { channel: OWLS, authorId: 'leader1', status: 'visible' } as const;
    expect(sees('parentOwls', visibleOwls)).toBe(true);
    expect(sees('youthHawks', visibleOwls)).toBe(false);
    expect(sees('noScouts', visibleOwls)).toBe(false);

    const hiddenLeaders = { channel: 'leaders', authorId: 'leader1', status: 'hidden' } as const;
    expect(sees('leader1', hiddenLeaders)).toBe(true);
    expect(sees('leader2', hiddenLeaders)).toBe(true);
    expect(sees('parentOwls', hiddenLeaders)).toBe(false);
  });

  it('shows a parent what their scout wrote in a channel the parent does not read', () => {
    // The scout moved from Hawks to Owls; what they wrote in Hawks is still theirs to see.
    const r = troop();
    const old = { channel: HAWKS, authorId: 'youthOwls', status: 'visible' } as const;
    expect(readsChannel(r, member(r, 'parentOwls'), HAWKS)).toBe(false);
    expect(seesItem(r, member(r, 'parentOwls'), old)).toBe(true);
  });

  it('knows no channel the troop does not have', () => {
    const r = troop();
    const eagles = patrolChannelId('Eagles');
    expect(readsChannel(r, member(r, 'leader1'), eagles)).toBe(false);
    expect(channelReaders(r, eagles)).toEqual([]);
  });
});
