import { describe, expect, it } from 'vitest';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { readUploadFields } from './upload-fields.ts';

describe('readUploadFields', () => {
  it('reads upsert from options as JSON text, as a parsed part, or from its own field', () => {
    const path = 'users/u1/notes.txt';
    expect(readUploadFields({ path, options: '{"upsert":true}' })).toEqual({ path, upsert: true });
    expect(readUploadFields({ path, options: { upsert: 'true' } })).toEqual({ path, upsert: true });
    expect(readUploadFields({ path, upsert: 'true' })).toEqual({ path, upsert: true });
    expect(readUploadFields({ path, options: ' ', upsert: true })).toEqual({ path, upsert: true });
    expect(readUploadFields({ path, options: '{}', upsert: 'true' })).toEqual({
      path,
      upsert: false,
    });
    expect(readUploadFields({ path })).toEqual({ path, upsert: false });
  });

  it('decodes the path and refuses a bad path or unreadable options with the storage message', () => {
    expect(readUploadFields({ path: 'users/u1/a%20b.txt' }).path).toBe('users/u1/a b.txt');
    for (const fields of [{}, { path: '../etc/passwd' }, { path: 'users/u1/a', options: '{' }])
      expect(() => readUploadFields(fields)).toThrow(UI_MESSAGES.storageInvalid);
  });
});
