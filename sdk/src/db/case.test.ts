import { describe, expect, it } from 'vitest';
import { camelToSnake, keysToCamel, keysToSnake, snakeToCamel } from './case.ts';

describe('camelCase <-> snake_case', () => {
  it.each([
    ['eventDate', 'event_date'],
    ['calendarEvents', 'calendar_events'],
    ['customUsers', 'custom_users'],
    ['userId', 'user_id'],
    ['userID', 'user_id'],
    ['HTMLParser', 'html_parser'],
    ['id', 'id'],
    ['created_at', 'created_at'],
  ])('%s -> %s', (camel, snake) => {
    expect(camelToSnake(camel)).toBe(snake);
  });

  it.each([
    ['event_date', 'eventDate'],
    ['a_b_c', 'aBC'],
    ['creator_name', 'creatorName'],
    ['id', 'id'],
    ['_private', '_private'],
  ])('%s -> %s', (snake, camel) => {
    expect(snakeToCamel(snake)).toBe(camel);
  });

  it('converts record keys only, leaving values (JSON columns) alone', () => {
    const record = {
      eventName: 'Camp',
      settings: { nightOwl: true },
      eventDate: new Date(0),
      skipped: undefined,
    };
    expect(keysToSnake(record)).toEqual({
      event_name: 'Camp',
      settings: { nightOwl: true },
      event_date: new Date(0),
    });
    expect(keysToCamel({ event_name: 'Camp', meta_data: { a_b: 1 } })).toEqual({
      eventName: 'Camp',
      metaData: { a_b: 1 },
    });
  });
});
