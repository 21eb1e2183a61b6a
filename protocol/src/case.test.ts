import { describe, expect, it } from 'vitest';
import { camelToSnake, snakeToCamel } from './case.ts';

describe('camelToSnake', () => {
  it.each([
    ['eventName', 'event_name'],
    ['event_name', 'event_name'],
    ['id', 'id'],
    ['avatarURL', 'avatar_url'],
    ['avatarUrl', 'avatar_url'],
    ['userID', 'user_id'],
    ['XMLHttpRequest', 'xml_http_request'],
    ['HTMLBody', 'html_body'],
    ['parseJSONValue', 'parse_json_value'],
    ['utmSource', 'utm_source'],
    ['screenWidth2x', 'screen_width2x'],
    ['calendarEvents', 'calendar_events'],
    ['customUsers', 'custom_users'],
  ])('%s -> %s', (input, expected) => {
    expect(camelToSnake(input)).toBe(expected);
  });
});

describe('snakeToCamel', () => {
  it.each([
    ['event_name', 'eventName'],
    ['eventName', 'eventName'],
    ['avatar_url', 'avatarUrl'],
    ['utm_source', 'utmSource'],
    ['_private', '_private'],
    ['a__b', 'aB'],
  ])('%s -> %s', (input, expected) => {
    expect(snakeToCamel(input)).toBe(expected);
  });

  it('round-trips snake_case names', () => {
    for (const n of ['event_name', 'created_at', 'user_id', 'refresh_expires_in'])
      expect(camelToSnake(snakeToCamel(n))).toBe(n);
  });
});
