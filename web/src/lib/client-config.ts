/**
 * The server writes the project id and the allowed parent origins into index.html as <meta> tags
 * (server/src/http/spa.ts): an inline script would break the CSP.
 */
export interface ClientConfig {
  projectId: string;
  allowedParentOrigins: string[];
  /** Whom a member waiting for approval should contact (TROOP_CONTACT); null when not set. */
  troopContact: string | null;
  /** The troop's IANA zone (TIMEZONE): event times are wall-clock times there; null when not given. */
  timeZone: string | null;
}

/** The server's own default, used when the page was not served by it (the Vite dev server). */
export const DEFAULT_PROJECT_ID = 'scout-troop';

export function readClientConfig(
  metaContent: (name: string) => string | null | undefined,
): ClientConfig {
  const projectId = metaContent('scout-project-id')?.trim() || DEFAULT_PROJECT_ID;
  const allowedParentOrigins = (metaContent('scout-parent-origins') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const troopContact = metaContent('scout-troop-contact')?.trim() || null;
  const timeZone = metaContent('scout-timezone')?.trim() || null;
  return { projectId, allowedParentOrigins, troopContact, timeZone };
}

export function metaContentFrom(doc: Document) {
  return (name: string) => doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
}
