/**
 * The editor's calls through the SDK (sdk/src/newsletter.ts): the troop's patrols, the upcoming
 * events a post may show as cards, the preview, and the writes. A write reads every newsletter
 * list again (they sit under the `newsletter` key, lib/newsletter-query.ts), so the screen behind
 * the editor shows the post as it now is.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsletterDraft, NewsletterPost } from '@scout/sdk/newsletter';
import { addDays, todayIn } from '@scout/protocol/wall-clock';
import { scout } from '../../../lib/sdk.ts';
import type { EventChoice } from './event-line.ts';

const editorKey = (projectId: string, ...part: string[]) =>
  ['newsletter-editor', projectId, ...part] as const;

export function usePatrols(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: editorKey(projectId, 'patrols'),
    queryFn: () => scout.newsletter.patrols(),
    enabled,
  });
}

/** How far ahead the event picker looks: a term's events. */
const EVENT_DAYS_AHEAD = 120;

/** The troop's events from today on, soonest first; cancelled ones are not offered. */
export function useUpcomingEvents(projectId: string, timeZone: string, enabled: boolean) {
  return useQuery({
    queryKey: editorKey(projectId, 'events'),
    queryFn: async (): Promise<Array<EventChoice & { date: string; time: string | null }>> => {
      const today = todayIn(timeZone, Date.now());
      const all = await scout.calendar.listOccurrences(today, addDays(today, EVENT_DAYS_AHEAD));
      return all.filter((o) => o.status !== 'cancelled' && o.date >= today);
    },
    enabled,
  });
}

/** What the reader will see, read again as the writer changes the post (after a pause). */
export function usePreview(
  projectId: string,
  draft: Pick<NewsletterDraft, 'kind' | 'title' | 'body'>,
  enabled: boolean,
) {
  return useQuery({
    queryKey: editorKey(projectId, 'preview', draft.kind, draft.title, draft.body),
    queryFn: () => scout.newsletter.preview(draft),
    enabled: enabled && draft.body.trim() !== '',
    retry: false,
    staleTime: Infinity,
  });
}

export function useUploadImage() {
  return useMutation({ mutationFn: (file: File) => scout.newsletter.uploadImage(file) });
}

export type EditorAction =
  { kind: 'save' } | { kind: 'send'; at?: string } | { kind: 'unschedule' };

/**
 * Saves the post (creating it the first time), then sends, schedules or unschedules it. A sent
 * post changes only its title and body: its kind and audience are what its readers got.
 */
export function usePostWrites(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: editorKey(projectId, 'write'),
    mutationFn: async (input: {
      id: string | null;
      sent: boolean;
      draft: NewsletterDraft;
      action: EditorAction;
      /** Told as soon as the post is stored, so a send that then fails is not a second post. */
      onStored: (post: NewsletterPost) => void;
    }): Promise<NewsletterPost> => {
      const { id, sent, draft, action } = input;
      if (action.kind === 'unschedule' && id) return scout.newsletter.unschedulePost(id);
      const saved = !id
        ? await scout.newsletter.createPost(draft)
        : await scout.newsletter.updatePost(
            id,
            sent ? { title: draft.title, body: draft.body } : draft,
          );
      input.onStored(saved);
      if (action.kind !== 'send') return saved;
      return scout.newsletter.sendPost(saved.id, action.at ? { at: action.at } : {});
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['newsletter'] }),
  });
}
