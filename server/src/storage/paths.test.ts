import nodePath from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isTroopPath,
  checkStoragePath,
  encodeStoragePath,
  isOwnPath,
  mayModifyFile,
  mayWritePath,
} from './paths.ts';

const ok = (raw: unknown) => {
  const r = checkStoragePath(raw);
  return r.ok ? r.path : undefined;
};

describe('checkStoragePath', () => {
  it('accepts ordinary relative paths, names with spaces and accents included', () => {
    expect(ok('avatars/u1-1700000000000.png')).toBe('avatars/u1-1700000000000.png');
    expect(ok('users/u1/Camp Photos/été 2026.jpg')).toBe('users/u1/Camp Photos/été 2026.jpg');
    expect(ok('users/u1/100%.txt')).toBe('users/u1/100%.txt');
  });

  it('decodes a path percent-encoded once or twice', () => {
    expect(ok('users%2Fu1%2Fa%20b.txt')).toBe('users/u1/a b.txt');
    expect(ok('users%252Fu1%252Fa.txt')).toBe('users/u1/a.txt');
  });

  it.each([
    '',
    '   ',
    '..',
    '../x',
    'a/../../b',
    '/etc/passwd',
    '%2e%2e/x',
    '%252e%252e/x',
    'a/./b',
    'a//b',
    'a/',
    'a\\b',
    'a\u0000b',
    'a\nb',
    'a\u007fb',
    'a\u2028b',
    'C:/x',
    ' a/b',
    'a /b',
    '%E0%A4%A',
    '%25252e',
    `a/${'b'.repeat(256)}`,
    'x'.repeat(513),
  ])('refuses %j', (raw) => {
    expect(ok(raw)).toBeUndefined();
  });

  it('refuses values that are not strings', () => {
    for (const raw of [undefined, null, 42, ['a'], { path: 'a' }]) expect(ok(raw)).toBeUndefined();
  });

  it('never yields a path that leaves the store folder, whatever the input', () => {
    const root = nodePath.resolve('/srv/storage/objects');
    const pieces = fc.constantFrom(
      '..',
      '.',
      '/',
      '\\',
      '%2e',
      '%2f',
      '%25',
      'a',
      'b c',
      '\u0000',
      '',
      'users',
      '~',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(pieces, { maxLength: 12 }).map((p) => p.join('')),
        ),
        (raw) => {
          const path = ok(raw);
          if (path === undefined) return;
          const file = nodePath.resolve(root, ...path.split('/'));
          expect(file.startsWith(root + nodePath.sep)).toBe(true);
          expect(path.split('/')).not.toContain('..');
          expect(ok(path)).toBe(path);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('who may write where', () => {
  const alice = { kind: 'user' as const, userId: 'alice', allFiles: false, holds: () => false };
  const leader = { ...alice, userId: 'lee', holds: (p: string) => p === 'storage.troop.write' };

  it('gives a user their avatar name and their own folder, nothing else', () => {
    expect(isOwnPath('alice', 'avatars/alice-1700000000000.png')).toBe(true);
    expect(isOwnPath('alice', 'users/alice/a/b.txt')).toBe(true);
    expect(isOwnPath('alice', 'users/alice/')).toBe(false);
    expect(isOwnPath('alice', 'users/alicex/a.txt')).toBe(false);
    expect(isOwnPath('alice', 'avatars/alice-1700000000000.png/x')).toBe(false);
    expect(isOwnPath('alice', 'avatars/alice-abc.png')).toBe(false);
    expect(isOwnPath('alice', 'avatars/alice.png')).toBe(false);
  });

  it('keeps users whose ids share a prefix apart', () => {
    expect(isOwnPath('u-1', 'avatars/u-1-1700.png')).toBe(true);
    expect(isOwnPath('u', 'avatars/u-1-1700.png')).toBe(false);
    expect(isOwnPath('a.b', 'avatars/aXb-1700.png')).toBe(false);
  });

  it('lets storage.all and service keys write anywhere', () => {
    expect(mayWritePath({ kind: 'service' }, 'public/x')).toBe(true);
    expect(mayWritePath({ ...alice, allFiles: true }, 'users/bob/x')).toBe(true);
    expect(mayWritePath(alice, 'users/bob/x')).toBe(false);
  });

  it('keeps the troop area for storage.troop.write, whoever uploaded a file there', () => {
    expect(mayWritePath(alice, 'troop/packing-list.pdf')).toBe(false);
    expect(mayWritePath(leader, 'troop/packing-list.pdf')).toBe(true);
    expect(mayWritePath(leader, 'users/alice/x')).toBe(false);
    expect(mayModifyFile(leader, 'troop/a.pdf', { ownerId: 'someone-else' })).toBe(true);
    expect(mayModifyFile(alice, 'troop/a.pdf', { ownerId: 'alice' })).toBe(false);
    expect(isTroopPath('troop/a.pdf')).toBe(true);
    expect(isTroopPath('trooper/a.pdf')).toBe(false);
  });

  it('lets only the uploader (or an admin) change an existing file', () => {
    expect(mayModifyFile(alice, 'users/alice/x', { ownerId: 'alice' })).toBe(true);
    expect(mayModifyFile(alice, 'users/alice/x', { ownerId: 'admin-1' })).toBe(false);
    expect(mayModifyFile(alice, 'users/alice/x', { ownerId: null })).toBe(false);
    expect(mayModifyFile(alice, 'users/alice/x', null)).toBe(true);
    expect(mayModifyFile(alice, 'users/bob/x', null)).toBe(false);
    expect(mayModifyFile({ kind: 'service' }, 'users/bob/x', { ownerId: 'bob' })).toBe(true);
  });
});

describe('encodeStoragePath', () => {
  it('encodes each segment and keeps the slashes', () => {
    expect(encodeStoragePath('users/u1/a b/é#?.txt')).toBe('users/u1/a%20b/%C3%A9%23%3F.txt');
  });
});
