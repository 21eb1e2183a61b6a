/**
 * Moves the app to the troop it should call with (troop-landing.ts decides which): after a
 * sign-in or a page load signed in, and whenever a call answers PROJECT_NOT_FOUND, the answer a
 * non-member of the troop gets. Moving is what the header's switcher does (frame/use-troops.ts):
 * the troop is kept in this browser and the page loads again in it, leaving no other troop's
 * data, channel or cache behind.
 */
import { queryWithoutTroop } from '@scout/protocol/app-paths';
import { isScoutError } from '@scout/sdk/errors';
import { myTroops } from './my-troops.ts';
import { queryClient } from './query-client.ts';
import { homeProjectId, projectId } from './sdk.ts';
import { chosenTroop, pageStorage, rememberTroop } from './troop-choice.ts';
import { addressTroop, landing, tokenTroop } from './troop-landing.ts';

export interface Session {
  userId: string;
  accessToken: string | null | undefined;
}

/** Reads the person's troops (from the shared query's cache unless `fresh`) and goes where they belong. */
export async function landInTroop(session: Session, fresh = false): Promise<void> {
  let mine;
  try {
    mine = await queryClient.fetchQuery({
      ...myTroops(session.userId),
      ...(fresh ? { staleTime: 0 } : {}),
    });
  } catch {
    // Offline or refused: stay; the screens say what failed.
    return;
  }
  const { go, dropNamed } = landing({
    current: projectId,
    named: addressTroop(window.location.search),
    signedInTo: tokenTroop(session.accessToken),
    mine: mine.troops,
  });
  if (dropNamed) {
    const { pathname, search, hash } = window.location;
    window.history.replaceState(
      window.history.state,
      '',
      pathname + queryWithoutTroop(search) + hash,
    );
  }
  const storage = pageStorage();
  if (!go || !storage) return;
  rememberTroop(storage, go, homeProjectId);
  // A browser that would not keep it would load in this troop again, and again: stay instead.
  if (chosenTroop(storage, homeProjectId).projectId !== go.projectId) return;
  window.location.reload();
}

/**
 * Calls answering PROJECT_NOT_FOUND (removed from the troop meanwhile) send the person to one of
 * their troops, reading them afresh; `session` gives the signed-in person, null when signed out.
 */
export function watchForeignTroop(session: () => Session | null): () => void {
  let checking: Promise<void> | null = null;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    const error: unknown = event.action.error;
    if (!isScoutError(error) || error.code !== 'PROJECT_NOT_FOUND') return;
    const who = session();
    if (!who || checking) return;
    checking = landInTroop(who, true).finally(() => {
      checking = null;
    });
  });
}
