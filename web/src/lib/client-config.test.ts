import { describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_ID, readClientConfig } from './client-config.ts';

const metas = (values: Record<string, string>) => (name: string) => values[name] ?? null;

describe('readClientConfig', () => {
  it('reads the project id and the comma-separated parent origins', () => {
    const config = readClientConfig(
      metas({
        'scout-project-id': 'troop-42',
        'scout-parent-origins': 'https://a.example, https://b.example',
        'scout-troop-contact': ' Scoutmaster Lee, 555-0100 ',
        'scout-timezone': 'America/Chicago',
      }),
    );
    expect(config).toEqual({
      projectId: 'troop-42',
      allowedParentOrigins: ['https://a.example', 'https://b.example'],
      troopContact: 'Scoutmaster Lee, 555-0100',
      timeZone: 'America/Chicago',
    });
  });

  it('falls back to the default project and no parent origins when the page has no metas', () => {
    expect(readClientConfig(metas({}))).toEqual({
      projectId: DEFAULT_PROJECT_ID,
      allowedParentOrigins: [],
      troopContact: null,
      timeZone: null,
    });
  });

  it('treats empty meta contents as absent', () => {
    const config = readClientConfig(
      metas({ 'scout-project-id': '  ', 'scout-parent-origins': '' }),
    );
    expect(config).toEqual({
      projectId: DEFAULT_PROJECT_ID,
      allowedParentOrigins: [],
      troopContact: null,
      timeZone: null,
    });
  });
});
