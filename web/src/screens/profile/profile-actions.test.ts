import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WireUser } from '@scout/protocol/auth';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { errorFromResponse } from '@scout/sdk/errors';
import { HttpClient } from '@scout/sdk/http';
import { createStorage } from '@scout/sdk/storage';
import { saveProfile, uploadAvatar, type ProfileClient } from './profile-actions.ts';
import { avatarFailureMessage } from './profile-failure.ts';

const USER_ID = 'usr_1';
const values = {
  firstName: ' Alex ',
  lastName: 'Morgan',
  troopNumber: '214 ',
  troopRole: 'Parent',
};

function wireUser(over: Partial<WireUser> = {}): WireUser {
  return {
    id: USER_ID,
    email: 'alex@troop214.example',
    displayName: 'Alex Morgan',
    avatarUrl: null,
    role: 'user',
    metadata: '{}',
    emailVerified: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSignInAt: null,
    ...over,
  };
}

/** A client whose calls are recorded in order; each answer can be replaced per test. */
function fakeClient() {
  const calls: Array<[string, ...unknown[]]> = [];
  const answers = {
    updateMe: (update: Record<string, unknown>): Promise<WireUser> =>
      Promise.resolve(
        wireUser({
          ...(typeof update.displayName === 'string' ? { displayName: update.displayName } : {}),
          ...(typeof update.avatarUrl === 'string' ? { avatarUrl: update.avatarUrl } : {}),
          // The server merges with keys other clients keep.
          metadata: JSON.stringify({
            theme: 'dark',
            ...(typeof update.metadata === 'string' ? JSON.parse(update.metadata) : {}),
          }),
        }),
      ),
    update: (): Promise<unknown> => Promise.resolve({}),
    upsert: (): Promise<unknown> => Promise.resolve({}),
    upload: (): Promise<{ publicUrl: string }> =>
      Promise.resolve({ publicUrl: '/api/storage/scout-troop/object/avatars/usr_1-5.png' }),
  };
  const client = {
    auth: {
      updateMe: (update: Record<string, unknown>) => {
        calls.push(['updateMe', update]);
        return answers.updateMe(update);
      },
    },
    db: {
      table: (name: string) => ({
        update: (id: unknown, data: unknown) => {
          calls.push([`${name}.update`, id, data]);
          return answers.update();
        },
        upsert: (data: unknown) => {
          calls.push([`${name}.upsert`, data]);
          return answers.upsert();
        },
      }),
    },
    storage: {
      upload: (file: unknown, path: string, options: unknown) => {
        calls.push(['upload', path, options]);
        return answers.upload();
      },
    },
  } as unknown as ProfileClient;
  return { client, calls, answers };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('saveProfile', () => {
  it('saves the names and troop through PATCH /me, then copies the metadata to both tables', async () => {
    const { client, calls } = fakeClient();
    const user = await saveProfile(client, USER_ID, values);

    expect(user.displayName).toBe('Alex Morgan');
    const fields = {
      firstName: 'Alex',
      lastName: 'Morgan',
      troopNumber: '214',
      troopRole: 'Parent',
    };
    const [first, ...rest] = calls;
    expect(first?.[0]).toBe('updateMe');
    const sent = first?.[1] as { displayName: string; metadata: string };
    expect(sent.displayName).toBe('Alex Morgan');
    expect(JSON.parse(sent.metadata)).toEqual(fields);

    const merged = JSON.stringify({ theme: 'dark', ...fields });
    expect(rest).toEqual(
      expect.arrayContaining([
        ['users.update', USER_ID, { metadata: merged }],
        [
          'customUsers.upsert',
          {
            id: USER_ID,
            userId: USER_ID,
            email: 'alex@troop214.example',
            displayName: 'Alex Morgan',
            ...fields,
            metadata: merged,
          },
        ],
      ]),
    );
    expect(rest).toHaveLength(2);
  });

  it('succeeds when copying the metadata to the database fails, and only warns', async () => {
    const { client, answers } = fakeClient();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answers.update = () => Promise.reject(errorFromResponse(403, { code: 'FORBIDDEN' }));
    answers.upsert = () => Promise.reject(new Error('offline'));

    await expect(saveProfile(client, USER_ID, values)).resolves.toMatchObject({
      displayName: 'Alex Morgan',
    });
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('fails, and leaves the tables alone, when the account could not be updated', async () => {
    const { client, calls, answers } = fakeClient();
    const refused = errorFromResponse(401, { code: 'TOKEN_EXPIRED' });
    answers.updateMe = () => Promise.reject(refused);

    await expect(saveProfile(client, USER_ID, values)).rejects.toBe(refused);
    expect(calls.map((c) => c[0])).toEqual(['updateMe']);
  });
});

describe('uploadAvatar', () => {
  it('uploads to avatars/{userId}-{timestamp}.{ext} with upsert, then sets the avatar URL', async () => {
    const { client, calls } = fakeClient();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

    const user = await uploadAvatar(client, USER_ID, file, 1767225600123);

    expect(calls).toEqual([
      ['upload', 'avatars/usr_1-1767225600123.png', { upsert: true }],
      ['updateMe', { avatarUrl: '/api/storage/scout-troop/object/avatars/usr_1-5.png' }],
    ]);
    expect(user.avatarUrl).toBe('/api/storage/scout-troop/object/avatars/usr_1-5.png');
  });

  it('says no public URL came back when the server answered without one', async () => {
    const { client, calls } = fakeClient();
    const http = new HttpClient({
      baseUrl: 'http://troop.example',
      fetch: () =>
        Promise.resolve(
          new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
        ),
    });
    client.storage = createStorage(http, 'scout-troop');
    const file = new File(['x'], 'me.png', { type: 'image/png' });

    const err = await uploadAvatar(client, USER_ID, file, 1).catch((e: unknown) => e);

    expect(avatarFailureMessage(err)).toBe(UI_MESSAGES.avatarNoPublicUrl);
    expect(calls).toEqual([]);
  });

  it('does not touch the account when the upload fails', async () => {
    const { client, calls, answers } = fakeClient();
    answers.upload = () =>
      Promise.reject(
        errorFromResponse(400, {
          error: { code: 'VALIDATION_ERROR', message: UI_MESSAGES.avatarNotImage },
        }),
      );
    const file = new File(['not really'], 'me.png', { type: 'image/png' });

    const err = await uploadAvatar(client, USER_ID, file, 1).catch((e: unknown) => e);

    expect(avatarFailureMessage(err)).toBe(UI_MESSAGES.avatarNotImage);
    expect(calls.map((c) => c[0])).toEqual(['upload']);
  });
});
