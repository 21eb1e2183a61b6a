import { createClient } from '@scout/sdk/client';
import { metaContentFrom, readClientConfig } from './client-config.ts';

const { projectId, allowedParentOrigins } = readClientConfig(metaContentFrom(document));

/** The app's one client: every screen and hook talks to the server through it. */
export const scout = createClient({ projectId, authRequired: false, allowedParentOrigins });
