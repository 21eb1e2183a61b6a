/**
 * The post as its readers will get it, rendered by the server (POST /preview): in the app (its
 * parts, each event as a plain card here: the reader's card has answer buttons), and as the mail
 * (its HTML in a sandboxed frame that runs nothing and reaches nothing, beside its text part).
 */
import { useId, useState } from 'react';
import type { NewsletterDraft } from '@scout/sdk/newsletter';
import { failureMessage } from '../../../lib/failure-message.ts';
import { cx } from '../../../ui/cx.ts';
import { FormMessage } from '../../../ui/form-message.tsx';
import { CalendarIcon } from '../../../ui/icons.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../../ui/tabs.tsx';
import { eventKey, eventTitles } from './event-line.ts';
import { POST_BODY_CLASS } from './post-body-class.ts';
import { usePreview } from './use-post-editor.ts';

/** A phone's width, to see the mail as most members open it. */
const PHONE_PX = 390;

export function PostPreview({
  projectId,
  draft,
}: {
  projectId: string;
  draft: Pick<NewsletterDraft, 'kind' | 'title' | 'body'>;
}) {
  const preview = usePreview(projectId, draft, true);
  const phoneId = useId();
  const [phone, setPhone] = useState(false);
  if (draft.body.trim() === '')
    return <p className="py-6 text-sm text-stone-600">Write the post to see it here.</p>;
  if (preview.isPending)
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-stone-600">
        <Spinner className="size-4" /> Preparing the preview...
      </p>
    );
  if (preview.isError)
    return (
      <FormMessage tone="error">
        {failureMessage(preview.error, 'The preview could not be made. Try again.')}
      </FormMessage>
    );
  const { parts, mailHtml, text, subject } = preview.data;
  const titles = eventTitles(draft.body);
  return (
    <TabsRoot defaultValue="app">
      <TabsList aria-label="Preview as">
        <TabsTrigger value="app">App</TabsTrigger>
        <TabsTrigger value="mail">Mail</TabsTrigger>
      </TabsList>
      <TabsContent value="app" className="mt-3 min-w-0">
        <article className="min-w-0 rounded-xl border border-stone-200 p-4">
          <h3 className="text-xl font-bold break-words text-stone-900">
            {draft.title || 'Untitled'}
          </h3>
          <div className={cx(POST_BODY_CLASS, 'mt-3')}>
            {parts.map((part, i) =>
              'html' in part ? (
                // Sanitised by the server's allow-list (server/src/newsletter/allow-list.ts).
                <div key={i} dangerouslySetInnerHTML={{ __html: part.html }} />
              ) : (
                <p
                  key={i}
                  className="my-4 flex min-w-0 items-center gap-2.5 rounded-xl border border-scout-200 bg-scout-50 p-3 text-sm font-semibold text-stone-900"
                >
                  <CalendarIcon className="size-5 shrink-0 text-scout-700" />
                  <span className="min-w-0 break-words">
                    {titles.get(eventKey(part.event)) ?? 'Event'}
                  </span>
                  <span className="sr-only">: its card, with the answer buttons</span>
                </p>
              ),
            )}
          </div>
        </article>
      </TabsContent>
      <TabsContent value="mail" className="mt-3 min-w-0 space-y-3">
        <p className="text-sm break-words text-stone-800">
          <span className="font-semibold">Subject:</span> {subject}
        </p>
        <label
          htmlFor={phoneId}
          className="flex cursor-pointer items-center gap-2 text-sm font-medium text-stone-800"
        >
          <input
            id={phoneId}
            type="checkbox"
            checked={phone}
            onChange={(e) => setPhone(e.target.checked)}
            className="size-4 accent-scout-700"
          />
          As on a phone ({PHONE_PX} px wide)
        </label>
        <div className="overflow-x-auto rounded-xl border border-stone-200 bg-stone-50">
          <iframe
            title="The mail as members receive it"
            // Runs no script, submits nothing, reaches no other frame: the mail is only shown.
            sandbox=""
            srcDoc={mailHtml}
            style={phone ? { width: `${PHONE_PX}px` } : undefined}
            className={cx('mx-auto block h-[28rem] bg-white', phone ? 'max-w-none' : 'w-full')}
          />
        </div>
        <details className="min-w-0">
          <summary className="cursor-pointer text-sm font-semibold text-scout-800">
            The text part (for mail readers without HTML)
          </summary>
          <pre className="mt-2 max-h-80 overflow-auto rounded-lg bg-stone-50 p-3 font-mono text-xs whitespace-pre-wrap break-words text-stone-800">
            {text}
          </pre>
        </details>
      </TabsContent>
    </TabsRoot>
  );
}
