/**
 * The newsletter's editor (docs/decisions/081-newsletter-posts.md): a post's kind, title,
 * audience and Markdown body, its preview as the app and the mail will show it, and saving,
 * sending, scheduling and unscheduling it. The screen renders it inside its dialog
 * (screens/newsletter/editor-dialog.tsx); a sent post changes only its title and body.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  NEWSLETTER_AUDIENCE_LABELS,
  NEWSLETTER_TITLE_MAX_CHARS,
  type NewsletterDraft,
  type WireNewsletterPost,
} from '@scout/protocol/newsletter';
import type { NewsletterPost } from '@scout/sdk/newsletter';
import { failureMessage } from '../../../lib/failure-message.ts';
import { troopTimeZone } from '../../../lib/sdk.ts';
import { Form } from '../../../ui/form.tsx';
import { FormMessage } from '../../../ui/form-message.tsx';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../../ui/tabs.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { audienceWords } from './audience-words.ts';
import { BodyField } from './body-field.tsx';
import { bodyCounter, draftProblems, firstProblem, type DraftField } from './draft-problems.ts';
import { EditorActions } from './editor-actions.tsx';
import { AudienceField, KindField } from './editor-fields.tsx';
import { PostPreview } from './post-preview.tsx';
import { scheduledFor, zoneOrDevice } from './schedule-time.ts';
import { usePatrols, usePostWrites, type EditorAction } from './use-post-editor.ts';

export interface PostEditorProps {
  /** The post to change; a new post when left out. */
  post?: WireNewsletterPost;
  projectId: string;
  /** After every write the server took: the post as it now is. */
  onSaved: (post: WireNewsletterPost) => void;
  /** After the post was sent: the editor is done. */
  onClose: () => void;
}

const draftOf = (post: WireNewsletterPost | undefined): NewsletterDraft => ({
  kind: post?.kind ?? 'newsletter',
  title: post?.title ?? '',
  body: post?.body ?? '',
  audience: post?.audience ?? 'troop',
  patrols: post?.patrols ?? [],
});

/** Where each field's problem sends focus: the first that is there. */
const FOCUS: Record<DraftField, string[]> = {
  title: ['[name="title"]'],
  patrols: ['input[name="patrols"]', 'input[value="patrols"]'],
  body: ['[name="body"]'],
};

const focusIn = (form: HTMLFormElement | null, selectors: string[]) => {
  for (const s of selectors) {
    const el = form?.querySelector<HTMLElement>(s);
    if (el) return el.focus();
  }
};

export function PostEditor({ post, projectId, onSaved, onClose }: PostEditorProps) {
  const [current, setCurrent] = useState<NewsletterPost | null>(post ?? null);
  const [draft, setDraft] = useState<NewsletterDraft>(() => draftOf(post));
  const [checked, setChecked] = useState(false);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [failure, setFailure] = useState<string | null>(null);
  const [focusOn, setFocusOn] = useState<DraftField | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const writes = usePostWrites(projectId);
  const [busy, setBusy] = useState<EditorAction['kind'] | null>(null);
  const sent = current?.status === 'sent';
  const patrols = usePatrols(projectId, !sent && draft.audience === 'patrols');
  const timeZone = zoneOrDevice(troopTimeZone);
  const problems = checked ? draftProblems(draft) : {};
  const whom = audienceWords(draft.audience, draft.patrols);

  // Focus lands on the first field to fix once the Write tab, where the body is, is shown.
  useEffect(() => {
    if (!focusOn) return;
    setFocusOn(null);
    focusIn(form.current, FOCUS[focusOn]);
  }, [focusOn]);

  // The dialog opened before the editor's code arrived (it loads on first use), so it could not
  // focus a field: the writer starts on the first one, not on Close.
  useEffect(() => {
    const el = form.current;
    if (el && !el.contains(document.activeElement)) focusIn(el, ['input:checked', 'input']);
  }, []);

  const change = (fields: Partial<NewsletterDraft>) => setDraft((was) => ({ ...was, ...fields }));

  const check = (): boolean => {
    setChecked(true);
    const first = firstProblem(draftProblems(draft));
    if (!first) return true;
    setTab('write');
    setFocusOn(first);
    return false;
  };

  const run = (action: EditorAction, onDone?: () => void) => {
    if (busy || (action.kind !== 'unschedule' && !check())) return;
    setFailure(null);
    setBusy(action.kind);
    writes.mutate(
      { id: current?.id ?? null, sent, draft, action, onStored: setCurrent },
      {
        onSuccess: (saved) => {
          setCurrent(saved);
          onSaved(saved);
          onDone?.();
          if (action.kind === 'unschedule') toast.success(`Unscheduled: ${saved.title}`);
          else if (action.kind === 'save')
            toast.success(sent ? `Changes saved: ${saved.title}` : `Saved: ${saved.title}`);
          else if (saved.status === 'scheduled' && action.at && saved.sendAt)
            toast.success(`${scheduledFor(saved.sendAt, timeZone)}: ${saved.title}`);
          else {
            toast.success(`Sent to ${whom}: ${saved.title}`);
            onClose();
          }
        },
        onError: (err) =>
          setFailure(failureMessage(err, 'The post could not be saved. Try again.')),
        onSettled: () => setBusy(null),
      },
    );
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    run({ kind: 'save' });
  };

  return (
    <Form ref={form} busy={busy !== null} onSubmit={submit} className="min-w-0">
      {sent ? (
        <p className="text-sm text-stone-700">
          {draft.kind === 'announcement' ? 'An announcement' : 'A newsletter'} sent to{' '}
          {NEWSLETTER_AUDIENCE_LABELS[draft.audience].toLowerCase()}
          {draft.audience === 'patrols' ? `: ${draft.patrols.join(', ')}` : ''}. Its kind and
          audience stay as they went out.
        </p>
      ) : (
        <KindField value={draft.kind} onChange={(kind) => change({ kind })} />
      )}
      <TextField
        label="Title"
        name="title"
        autoComplete="off"
        required
        maxLength={NEWSLETTER_TITLE_MAX_CHARS}
        placeholder={draft.kind === 'announcement' ? 'Meeting moved to Thursday' : 'December news'}
        value={draft.title}
        error={problems.title ?? null}
        onChange={(e) => change({ title: e.target.value })}
      />
      {sent ? null : (
        <AudienceField
          audience={draft.audience}
          patrols={draft.patrols}
          onAudience={(audience) => change({ audience })}
          onPatrols={(chosen) => change({ patrols: chosen })}
          known={patrols.data}
          knownFailed={patrols.isError}
          error={problems.patrols ?? null}
        />
      )}
      <TabsRoot value={tab} onValueChange={(v) => setTab(v as 'write' | 'preview')}>
        <TabsList aria-label="The post">
          <TabsTrigger value="write">Write</TabsTrigger>
          <TabsTrigger value="preview">Preview</TabsTrigger>
        </TabsList>
        <TabsContent value="write" className="mt-3 min-w-0">
          <BodyField
            projectId={projectId}
            value={draft.body}
            onChange={(body) => change({ body })}
            error={problems.body ?? null}
            counter={bodyCounter(draft)}
          />
        </TabsContent>
        <TabsContent value="preview" className="mt-3 min-w-0">
          <PostPreview projectId={projectId} draft={draft} />
        </TabsContent>
      </TabsRoot>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <EditorActions
        status={current?.status ?? null}
        sendAt={current?.sendAt ?? null}
        kind={draft.kind}
        whom={whom}
        timeZone={timeZone}
        busy={busy}
        failure={failure}
        check={check}
        run={run}
      />
    </Form>
  );
}
