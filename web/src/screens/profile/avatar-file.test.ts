import { describe, expect, it } from 'vitest';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { AVATAR_MAX_BYTES } from '@scout/protocol/limits';
import { avatarExtension, avatarPath, checkAvatarFile } from './avatar-file.ts';

describe('checkAvatarFile', () => {
  it('accepts an image under 5 MB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 1024 })).toBeNull();
    expect(checkAvatarFile({ type: 'image/jpeg', size: AVATAR_MAX_BYTES - 1 })).toBeNull();
  });

  it('refuses a file that is not an image', () => {
    expect(checkAvatarFile({ type: 'text/plain', size: 10 })).toBe(UI_MESSAGES.avatarNotImage);
    expect(checkAvatarFile({ type: '', size: 10 })).toBe(UI_MESSAGES.avatarNotImage);
    expect(checkAvatarFile({ type: 'application/pdf', size: 10 })).toBe(UI_MESSAGES.avatarNotImage);
  });

  it('refuses an image of 5 MB or more', () => {
    expect(checkAvatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBe(
      UI_MESSAGES.avatarTooLarge,
    );
    expect(checkAvatarFile({ type: 'image/png', size: 6 * 1024 * 1024 })).toBe(
      UI_MESSAGES.avatarTooLarge,
    );
  });

  it('names the wrong type first when a file is both', () => {
    expect(checkAvatarFile({ type: 'video/mp4', size: AVATAR_MAX_BYTES * 2 })).toBe(
      UI_MESSAGES.avatarNotImage,
    );
  });
});

describe('avatarPath', () => {
  it('is avatars/{userId}-{timestamp}.{ext}', () => {
    expect(avatarPath('u_123', 1767225600000, { name: 'me.PNG', type: 'image/png' })).toBe(
      'avatars/u_123-1767225600000.png',
    );
  });

  it('takes the extension from the type when the name has none fit for a path', () => {
    expect(avatarExtension({ name: 'photo', type: 'image/jpeg' })).toBe('jpeg');
    expect(avatarExtension({ name: 'pic.j p g', type: 'image/webp' })).toBe('webp');
    expect(avatarExtension({ name: '.hidden', type: 'image/gif' })).toBe('gif');
    expect(avatarExtension({ name: 'logo', type: 'image/svg+xml' })).toBe('svg');
  });

  it('falls back to a neutral extension', () => {
    expect(avatarExtension({ name: 'blob', type: 'image/' })).toBe('img');
    expect(avatarExtension({ name: 'x.verylongextension', type: 'image/x-very-odd-type' })).toBe(
      'img',
    );
  });
});
