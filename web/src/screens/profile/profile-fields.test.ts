import { describe, expect, it } from 'vitest';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { TROOP_ROLES } from '@scout/protocol/roles';
import {
  profileFieldsOf,
  profileUpdateOf,
  readUserMetadata,
  troopRoleOptions,
  validateProfile,
} from './profile-fields.ts';

const full = {
  firstName: 'Alex',
  lastName: 'Morgan',
  troopNumber: '214',
  troopRole: 'Scoutmaster',
};

describe('readUserMetadata', () => {
  it('reads metadata sent as a JSON string', () => {
    expect(readUserMetadata(JSON.stringify(full))).toEqual(full);
  });

  it('takes metadata that arrives as an object as it is', () => {
    expect(readUserMetadata(full)).toEqual(full);
  });

  it('reads anything else as empty', () => {
    for (const raw of [
      null,
      undefined,
      '',
      '   ',
      'not json',
      '[1,2]',
      '"text"',
      '42',
      42,
      ['a'],
    ]) {
      expect(readUserMetadata(raw)).toEqual({});
    }
  });
});

describe('profileFieldsOf', () => {
  it('fills the form from string metadata', () => {
    expect(
      profileFieldsOf({ displayName: 'Someone Else', metadata: JSON.stringify(full) }),
    ).toEqual(full);
  });

  it('fills the form from object metadata', () => {
    expect(profileFieldsOf({ displayName: null, metadata: full })).toEqual(full);
  });

  it('derives missing names from the display name: first word, then the rest', () => {
    expect(
      profileFieldsOf({
        displayName: '  Mary  Ann van Dyke ',
        metadata: '{"troopNumber":"7","troopRole":"Parent"}',
      }),
    ).toEqual({
      firstName: 'Mary',
      lastName: 'Ann van Dyke',
      troopNumber: '7',
      troopRole: 'Parent',
    });
  });

  it('derives each name on its own when only one is stored', () => {
    expect(
      profileFieldsOf({ displayName: 'Jo Lee', metadata: { firstName: 'Joanna' } }).lastName,
    ).toBe('Lee');
    expect(profileFieldsOf({ displayName: 'Jo Lee', metadata: { lastName: 'Li' } }).firstName).toBe(
      'Jo',
    );
  });

  it('treats blank or non-text names in metadata as missing', () => {
    expect(
      profileFieldsOf({ displayName: 'Sam Ortiz', metadata: { firstName: '  ', lastName: 12 } }),
    ).toMatchObject({ firstName: 'Sam', lastName: '12' });
    expect(
      profileFieldsOf({ displayName: 'Sam Ortiz', metadata: { firstName: { x: 1 } } }).firstName,
    ).toBe('Sam');
  });

  it('reads a troop number stored as a number', () => {
    expect(profileFieldsOf({ metadata: { troopNumber: 42 } }).troopNumber).toBe('42');
  });

  it('leaves every field empty when there is nothing to read', () => {
    const empty = { firstName: '', lastName: '', troopNumber: '', troopRole: '' };
    expect(profileFieldsOf(null)).toEqual(empty);
    expect(profileFieldsOf({ displayName: '   ', metadata: 'oops' })).toEqual(empty);
  });

  it('gives only a first name for a one-word display name', () => {
    expect(profileFieldsOf({ displayName: 'Prince', metadata: '{}' })).toMatchObject({
      firstName: 'Prince',
      lastName: '',
    });
  });
});

describe('troopRoleOptions', () => {
  it('offers the troop roles of docs/product.md section 3', () => {
    expect(troopRoleOptions('')).toEqual(TROOP_ROLES);
    expect(troopRoleOptions('Scout')).toEqual(TROOP_ROLES);
  });

  it('keeps a role saved by another client choosable', () => {
    expect(troopRoleOptions('Den Leader')).toEqual([...TROOP_ROLES, 'Den Leader']);
  });
});

describe('validateProfile', () => {
  it('accepts four filled fields', () => {
    expect(validateProfile(full)).toBeNull();
  });

  it('refuses any field that is empty once trimmed', () => {
    for (const key of Object.keys(full) as Array<keyof typeof full>) {
      expect(validateProfile({ ...full, [key]: '' })).toBe(UI_MESSAGES.allFieldsRequired);
      expect(validateProfile({ ...full, [key]: ' \t ' })).toBe(UI_MESSAGES.allFieldsRequired);
    }
  });
});

describe('profileUpdateOf', () => {
  it('sends the trimmed names as the display name and the fields as JSON metadata', () => {
    const update = profileUpdateOf({
      firstName: ' Alex ',
      lastName: 'Morgan  ',
      troopNumber: ' 214',
      troopRole: 'Scoutmaster',
    });
    expect(update.displayName).toBe('Alex Morgan');
    expect(JSON.parse(update.metadata)).toEqual(full);
  });
});
