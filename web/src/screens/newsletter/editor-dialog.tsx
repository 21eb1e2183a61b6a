import { lazy, Suspense } from 'react';
import type { NewsletterPost } from '@scout/sdk/newsletter';
import { projectId } from '../../lib/sdk.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';

// Only writers open it: its code (and the Markdown tools) loads on the first open.
const PostEditor = lazy(() =>
  import('./editor/post-editor.tsx').then((m) => ({ default: m.PostEditor })),
);

/** What the editor is open on: a new post, or one to change. */
export type EditorTarget = { post?: NewsletterPost } | null;

/** The editor in a dialog, over the archive or the post; saving reads the lists again. */
export function EditorDialog({
  target,
  onSaved,
  onClose,
}: {
  target: EditorTarget;
  onSaved: (post: NewsletterPost) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={target?.post ? 'Edit post' : 'Write a post'}
      className="max-w-3xl"
    >
      {target ? (
        <Suspense fallback={<Spinner className="mx-auto size-6" />}>
          <PostEditor
            post={target.post}
            projectId={projectId}
            onSaved={onSaved}
            onClose={onClose}
          />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
