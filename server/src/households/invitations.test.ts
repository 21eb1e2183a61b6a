/**
 * Joining a household by invitation, as clients call it: the mailed link, the right account
 * only, at most once, before it expires; one household per adult and per scout.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  familyToken,
  familyWithScout,
  householdApp,
  invitedInto,
  sharedHouseholdApp,
  type HouseholdApp,
} from '../../test/households.ts';
import { DEFAULT_ROLES_CONFIG } from '@scout/protocol/permissions';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('household invitations (%s)', (kind) => {
  const h = sharedHouseholdApp(kind);

  const invite = async (auth: string, body: Record<string, unknown>) => {
    const res = await h.call('POST', '/mine/invitations', auth, body);
    expect(res.statusCode, res.body).toBe(200);
    return { token: familyToken(res.json().url), ...res.json() };
  };
  const accept = (auth: string, token: string) =>
    h.call('POST', '/invitations/accept', auth, { token });
  const openInvitations = async () =>
    Number(
      (
        await h.t.deps.store.query<{ n: number | string }>(
          'SELECT COUNT(*) AS n FROM household_invitations WHERE accepted_at IS NULL',
        )
      ).rows[0]?.n,
    );

  it('mails the link to the invited adult, who alone accepts it and then sees the scout', async () => {
    const parent = await h.as('pat');
    const other = await h.as('other');
    const stranger = await h.as('stranger');
    const scout = await familyWithScout(h, parent, { firstName: 'Robin', lastName: 'Avery' });
    const made = await invite(parent, { kind: 'adult', email: 'Other@Example.org' });
    expect(made.invitation).toMatchObject({ kind: 'adult', email: 'other@example.org' });

    const [mail] = await h.mail.waitFor(1);
    expect(mail?.to).toEqual([{ address: 'other@example.org' }]);
    expect(mail?.subject).toMatch(/join a family/);
    expect(mail?.text).toContain(made.url);
    expect(mail?.text).toContain('pat invited you');

    const check = await h.call('POST', '/invitations/check', stranger, { token: made.token });
    expect(check.json()).toEqual({
      usable: true,
      kind: 'adult',
      householdName: 'pat household',
      scoutName: null,
      email: 'other@example.org',
      joined: false,
    });
    const wrong = await accept(stranger, made.token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('HOUSEHOLD_INVITATION_OTHER_ACCOUNT');
    expect(await openInvitations()).toBe(1);

    const joined = await accept(other, made.token);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().household.scouts.map((s: { id: string }) => s.id)).toEqual([scout]);
    const mine = (await h.call('GET', '/mine', other)).json().household;
    expect(mine).toMatchObject({ role: 'adult', name: 'pat household' });
    expect(mine.adults.map((a: { userId: string }) => a.userId).sort()).toEqual(['other', 'pat']);

    const again = await accept(other, made.token);
    expect(again.json().code).toBe('HOUSEHOLD_INVITATION_USED');
    expect(
      (await h.call('POST', '/invitations/check', other, { token: made.token })).json(),
    ).toMatchObject({ usable: false, joined: true });
    // Only the account that joined hears so: to anyone else a spent link is just unusable.
    expect(
      (await h.call('POST', '/invitations/check', stranger, { token: made.token })).json(),
    ).toMatchObject({ usable: false, joined: false });
  });

  it('a link for anyone is accepted once; of two accounts at the same moment exactly one joins', async () => {
    const parent = await h.as('pat');
    const [a, b] = [await h.as('amy'), await h.as('bo')];
    const { token, invitation } = await invite(parent, { kind: 'adult' });
    expect(invitation.email).toBeNull();
    expect(h.mail.sent).toHaveLength(0);
    const answers = await Promise.all([accept(a, token), accept(b, token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const adults = await h.t.deps.store.query('SELECT user_id FROM household_adults');
    expect(adults.rows).toHaveLength(2);
  });

  it('expires, and is refused to forged tokens; signed-out callers learn nothing', async () => {
    const parent = await h.as('pat');
    const other = await h.as('other');
    const { token } = await invite(parent, { kind: 'adult' });
    expect((await accept(other, 'forged-token')).json().code).toBe('HOUSEHOLD_INVITATION_INVALID');
    expect((await h.call('POST', '/invitations/accept', undefined, { token })).statusCode).toBe(
      401,
    );
    expect((await h.call('POST', '/invitations/check', undefined, { token })).statusCode).toBe(401);
    h.t.clock.advance(15 * 86_400_000);
    expect((await accept(await h.as('other'), token)).json().code).toBe(
      'HOUSEHOLD_INVITATION_INVALID',
    );
    // Tokens expire too: a fresh one for the parent.
    const later = await h.as('pat');
    expect((await h.call('GET', '/mine', later)).json().household.invitations).toEqual([]);
  });

  it('an adult of another family is refused and the link stays open; an empty own household gives way', async () => {
    const parent = await h.as('pat');
    const busy = await h.as('busy');
    const fresh = await h.as('fresh');
    await familyWithScout(h, busy, { firstName: 'Kim', lastName: 'Busy' });
    const { token } = await invite(parent, { kind: 'adult' });
    const refused = await accept(busy, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('HOUSEHOLD_ALREADY_JOINED');
    expect(await openInvitations()).toBe(1);

    // Opening the family section made `fresh` an empty household of their own.
    const own = (await h.call('GET', '/mine', fresh)).json().household.id;
    expect((await accept(fresh, token)).statusCode).toBe(200);
    const now = (await h.call('GET', '/mine', fresh)).json().household;
    expect(now.id).not.toBe(own);
    const gone = await h.t.deps.store.query('SELECT id FROM households WHERE id = ?', [own]);
    expect(gone.rows).toHaveLength(0);
  });

  it('links a scout’s own account to the profile; a person is a youth in one household', async () => {
    const parent = await h.as('pat');
    const robinAccount = await h.as('robin');
    const robin = await familyWithScout(h, parent, { firstName: 'Robin', lastName: 'Avery' });
    const sam = await familyWithScout(h, parent, { firstName: 'Sam', lastName: 'Avery' });
    const first = await invite(parent, {
      kind: 'scout',
      scoutId: robin,
      email: 'robin@example.org',
    });
    expect(h.mail.sent[0]?.subject).toMatch(/Link your scout account/);
    const check = await h.call('POST', '/invitations/check', robinAccount, { token: first.token });
    expect(check.json()).toMatchObject({ kind: 'scout', scoutName: 'Robin Avery' });
    const linked = await accept(robinAccount, first.token);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().household).toMatchObject({ role: 'scout', invitations: [] });
    expect(
      linked.json().household.scouts.find((s: { id: string }) => s.id === robin).hasAccount,
    ).toBe(true);

    // The same account for another profile, and another account for a linked profile: refused.
    const second = await invite(parent, { kind: 'scout', scoutId: sam });
    const twice = await accept(robinAccount, second.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('SCOUT_ALREADY_LINKED');
    const again = await h.call('POST', '/mine/invitations', parent, {
      kind: 'scout',
      scoutId: robin,
    });
    expect(again.json().code).toBe('SCOUT_ALREADY_LINKED');
    // A scout account is not an adult of a family either.
    const adult = await invite(parent, { kind: 'adult' });
    expect((await accept(robinAccount, adult.token)).json().code).toBe('HOUSEHOLD_ALREADY_JOINED');
    // An adult of a family is not made a youth of one.
    const other = await h.as('other-parent');
    await familyWithScout(h, other, { firstName: 'Lee', lastName: 'Other' });
    expect((await accept(other, second.token)).json().code).toBe('HOUSEHOLD_ALREADY_JOINED');
  });

  it('checks the input of an invitation: kind, email, the scout of a scout invitation', async () => {
    const parent = await h.as('pat');
    const bad = async (body: unknown) => {
      const res = await h.call('POST', '/mine/invitations', parent, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      return res.json().message as string;
    };
    await bad({ kind: 'cousin' });
    await bad({ kind: 'adult', email: 'not an email' });
    expect(await bad({ kind: 'scout' })).toMatch(/names the scout profile/);
    expect(await bad({ kind: 'adult', scoutId: 'x' })).toMatch(/names no scout/);
    expect(
      (await h.call('POST', '/mine/invitations', parent, { kind: 'scout', scoutId: 'nope' }))
        .statusCode,
    ).toBe(404);
    expect(await openInvitations()).toBe(0);
    expect(h.mail.sent).toHaveLength(0);
  });

  it('withdraws an open invitation; its link then works no more', async () => {
    const parent = await h.as('pat');
    const { token, invitation } = await invite(parent, { kind: 'adult' });
    const gone = await h.call('DELETE', `/mine/invitations/${invitation.id}`, parent);
    expect(gone.statusCode).toBe(200);
    expect((await accept(await h.as('other'), token)).json().code).toBe(
      'HOUSEHOLD_INVITATION_INVALID',
    );
    expect((await h.call('DELETE', `/mine/invitations/${invitation.id}`, parent)).statusCode).toBe(
      404,
    );
  });

  it('an adult leaves; the last adult of a family with scouts cannot', async () => {
    const parent = await h.as('pat');
    const other = await h.as('other');
    await familyWithScout(h, parent, { firstName: 'Robin', lastName: 'Avery' });
    await invitedInto(h, parent, other);
    const left = await h.call('DELETE', '/mine/adults/other', other);
    expect(left.statusCode).toBe(200);
    expect(left.json().adult.userId).toBe('other');
    const last = await h.call('DELETE', '/mine/adults/pat', parent);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('HOUSEHOLD_NEEDS_ADULT');
    // The one who left starts afresh, with a household of their own.
    const theirs = (await h.call('GET', '/mine', other)).json().household;
    expect(theirs.scouts).toEqual([]);
  });
});

describe.each(testStoreKinds)('a parent confirms a waiting scout (%s)', (kind) => {
  const h = sharedHouseholdApp(kind, { signupMode: 'approval' });

  /** A newcomer signing up while the troop asks for approval: their session, pending. */
  const newcomer = async (name: string, troopRole: string) => {
    const res = await h.t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: `198.51.100.${name.length + 10}`,
      payload: {
        email: `${name}@example.org`,
        password: 'campfire-2026',
        projectId: h.t.deps.config.projectId,
        metadata: { troopRole },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json<{ access_token: string; user: { id: string; status: string } }>();
    expect(session.user.status).toBe('pending');
    return { auth: `Bearer ${session.access_token}`, id: session.user.id };
  };
  const statusOf = async (id: string) =>
    (await h.t.deps.store.query<{ status: string }>('SELECT status FROM users WHERE id = ?', [id]))
      .rows[0]?.status;
  const linkFor = async (parent: string, scoutId: string) => {
    const made = await h.call('POST', '/mine/invitations', parent, { kind: 'scout', scoutId });
    expect(made.statusCode, made.body).toBe(200);
    return familyToken(made.json().url);
  };
  const calendar = (auth: string) =>
    h.t.app.inject({
      method: 'GET',
      url: `/api/db/${h.t.deps.config.projectId}/rest/v1/calendar_events`,
      headers: { authorization: auth },
    });

  it("a scout's account waiting for approval is let in when it accepts its parent's link", async () => {
    const parent = await h.as('pat');
    const robin = await familyWithScout(h, parent, { firstName: 'Robin', lastName: 'Avery' });
    const scout = await newcomer('robin', 'Scout');
    expect((await calendar(scout.auth)).json().code).toBe('ACCOUNT_PENDING');

    const token = await linkFor(parent, robin);
    const check = await h.call('POST', '/invitations/check', scout.auth, { token });
    expect(check.json()).toMatchObject({ usable: true, kind: 'scout' });
    const accepted = await h.call('POST', '/invitations/accept', scout.auth, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().household).toMatchObject({ role: 'scout' });
    expect(await statusOf(scout.id)).toBe('active');
    expect((await calendar(scout.auth)).statusCode).toBe(200);

    const audit = await h.t.deps.store.query<{ actor_id: string; action: string }>(
      "SELECT actor_id, action FROM audit_log WHERE target_id = ? AND action = 'member.approved'",
      [scout.id],
    );
    expect(audit.rows).toEqual([{ actor_id: 'pat', action: 'member.approved' }]);
  });

  it('a waiting account that is not a scout, or an adult invitation, still waits for a leader', async () => {
    const parent = await h.as('pat');
    const robin = await familyWithScout(h, parent, { firstName: 'Robin', lastName: 'Avery' });
    const adult = await newcomer('alexis', 'Parent');
    const refused = await h.call('POST', '/invitations/accept', adult.auth, {
      token: await linkFor(parent, robin),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_PENDING');
    expect(await statusOf(adult.id)).toBe('pending');
    const linked = await h.t.deps.store.query('SELECT 1 FROM scouts WHERE user_id = ?', [adult.id]);
    expect(linked.rows).toEqual([]);

    const scout = await newcomer('sam', 'Scout');
    const made = await h.call('POST', '/mine/invitations', parent, { kind: 'adult' });
    const asAdult = await h.call('POST', '/invitations/accept', scout.auth, {
      token: familyToken(made.json().url),
    });
    expect(asAdult.json().code).toBe('ACCOUNT_PENDING');
    expect(await statusOf(scout.id)).toBe('pending');
    // The refused links stay open for the right person.
    expect(
      (
        await h.call('POST', '/invitations/check', parent, { token: familyToken(made.json().url) })
      ).json().usable,
    ).toBe(true);
  });

  it("a suspended parent's link confirms nobody", async () => {
    const parent = await h.as('pat');
    const robin = await familyWithScout(h, parent, { firstName: 'Robin', lastName: 'Avery' });
    const token = await linkFor(parent, robin);
    await h.t.deps.store.query("UPDATE users SET status = 'suspended' WHERE id = 'pat'");
    const scout = await newcomer('robin', 'Scout');
    const refused = await h.call('POST', '/invitations/accept', scout.auth, { token });
    expect(refused.json().code).toBe('ACCOUNT_PENDING');
    expect(await statusOf(scout.id)).toBe('pending');
  });
});

describe.each(testStoreKinds)('signing up with a household link (%s)', (kind) => {
  // Most tests share an app in invite mode; one with another configuration builds its own.
  const inviteMode = sharedHouseholdApp(kind, { signupMode: 'invite' });
  let own: HouseholdApp | undefined;
  let h: HouseholdApp = inviteMode;
  beforeEach(() => {
    h = inviteMode;
  });
  afterEach(async () => {
    await own?.t.close();
    own = undefined;
  });

  const signUp = (email: string, family: string, troopRole = 'Parent') =>
    h.t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email,
        password: 'campfire-2026',
        projectId: h.t.deps.config.projectId,
        metadata: { troopRole },
        family,
      },
    });
  const linkFor = async (parent: string, body: Record<string, unknown>) => {
    const made = await h.call('POST', '/mine/invitations', parent, body);
    expect(made.statusCode, made.body).toBe(200);
    return familyToken(made.json().url);
  };
  const joined = async (email: string, family: string, troopRole?: string) => {
    const res = await signUp(email, family, troopRole);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json<{
      access_token: string;
      user: { id: string; status: string; emailVerified: boolean };
    }>();
    return { auth: `Bearer ${session.access_token}`, user: session.user };
  };
  const accounts = async () =>
    Number(
      (await h.t.deps.store.query<{ n: number | string }>('SELECT COUNT(*) AS n FROM users'))
        .rows[0]?.n,
    );

  it("in invite mode a parent's scout link makes an active account linked to the profile, its address still to verify", async () => {
    const parent = await h.as('pat');
    const robin = await familyWithScout(h, parent, { firstName: 'Robin', lastName: 'Avery' });
    const scout = await joined(
      'robin@example.org',
      await linkFor(parent, { kind: 'scout', scoutId: robin }),
      'Scout',
    );
    // The link was made for anyone: nothing proved the address the scout typed.
    expect(scout.user).toMatchObject({ status: 'active', emailVerified: false });
    const mine = (await h.call('GET', '/mine', scout.auth)).json().household;
    expect(mine).toMatchObject({ role: 'scout', name: 'pat household' });
    const linked = await h.t.deps.store.query<{ user_id: string }>(
      'SELECT user_id FROM scouts WHERE id = ?',
      [robin],
    );
    expect(linked.rows[0]?.user_id).toBe(scout.user.id);
    const calendar = await h.t.app.inject({
      method: 'GET',
      url: `/api/db/${h.t.deps.config.projectId}/rest/v1/calendar_events`,
      headers: { authorization: scout.auth },
    });
    expect(calendar.statusCode).toBe(200);
  });

  it('in approval mode an invited adult joins the household at once, with the address the link named', async () => {
    h = own = await householdApp(kind, { signupMode: 'approval' });
    const parent = await h.as('pat');
    const token = await linkFor(parent, { kind: 'adult', email: 'sky@example.org' });
    const before = await accounts();
    const other = await signUp('someone@example.org', token);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('HOUSEHOLD_INVITATION_OTHER_ACCOUNT');
    expect(await accounts()).toBe(before);

    // The link went by mail to the address it names: signing up with it proved the address.
    const sky = await joined('sky@example.org', token);
    expect(sky.user).toMatchObject({ status: 'active', emailVerified: true });
    const mine = (await h.call('GET', '/mine', sky.auth)).json().household;
    expect(mine).toMatchObject({ role: 'adult', name: 'pat household' });
    expect(mine.adults.map((a: { email: string }) => a.email).sort()).toEqual([
      'pat@example.org',
      'sky@example.org',
    ]);
  });

  it('when leaders confirm scouts, the scout is linked but waits for a leader', async () => {
    h = own = await householdApp(kind, {
      signupMode: 'invite',
      roles: { ...DEFAULT_ROLES_CONFIG, leadersConfirmScouts: true },
    });
    const parent = await h.as('pat');
    const robin = await familyWithScout(h, parent, { firstName: 'Robin', lastName: 'Avery' });
    const scout = await joined(
      'robin@example.org',
      await linkFor(parent, { kind: 'scout', scoutId: robin }),
      'Scout',
    );
    expect(scout.user).toMatchObject({ status: 'pending', emailVerified: false });
    const linked = await h.t.deps.store.query<{ user_id: string }>(
      'SELECT user_id FROM scouts WHERE id = ?',
      [robin],
    );
    expect(linked.rows[0]?.user_id).toBe(scout.user.id);
  });

  it('a spent link says "You already joined: sign in", and makes no account', async () => {
    const parent = await h.as('pat');
    const token = await linkFor(parent, { kind: 'adult' });
    const sky = await joined('sky@example.org', token);
    const before = await accounts();
    const again = await signUp('sky2@example.org', token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'HOUSEHOLD_INVITATION_USED',
      message: 'You already joined with this invitation: sign in.',
    });
    expect(await accounts()).toBe(before);
    expect((await h.call('POST', '/invitations/accept', sky.auth, { token })).json().code).toBe(
      'HOUSEHOLD_INVITATION_USED',
    );
    const forged = await signUp('sky3@example.org', 'forged-token');
    expect(forged.json().code).toBe('HOUSEHOLD_INVITATION_INVALID');
  });

  it("the landing page learns only the inviter's name, the household and the role offered", async () => {
    const parent = await h.as('pat');
    await familyWithScout(h, parent, { firstName: 'Robin', lastName: 'Avery' });
    const token = await linkFor(parent, { kind: 'adult', email: 'sky@example.org' });
    const landing = (t: string) => h.call('POST', '/invitations/landing', undefined, { token: t });
    const shown = await landing(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      usable: true,
      used: false,
      kind: 'adult',
      inviterName: 'pat',
      householdName: 'pat household',
    });
    const nothing = {
      usable: false,
      used: false,
      kind: null,
      inviterName: null,
      householdName: null,
    };
    expect((await landing('forged-token')).json()).toEqual(nothing);
    h.t.clock.advance(15 * 86_400_000);
    expect((await landing(token)).json()).toEqual(nothing);
  });

  it('the landing page of a spent link says only that it was used', async () => {
    const parent = await h.as('pat');
    const token = await linkFor(parent, { kind: 'adult' });
    await joined('sky@example.org', token);
    const spent = await h.call('POST', '/invitations/landing', undefined, { token });
    expect(spent.json()).toEqual({
      usable: false,
      used: true,
      kind: null,
      inviterName: null,
      householdName: null,
    });
  });
});
