/**
 * Adding a picture: the file and the words that say what it shows (the alt text a screen reader
 * reads, and a mail reader without images shows). The server keeps a re-encoded copy and answers
 * its address, written into the post as `![alt](src)`.
 */
import { useId, useState, type FormEvent } from 'react';
import { failureMessage } from '../../../lib/failure-message.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Form } from '../../../ui/form.tsx';
import { FormMessage } from '../../../ui/form-message.tsx';
import { SubmitButton } from '../../../ui/submit-button.tsx';
import { TextField, fieldLabelClass } from '../../../ui/text-field.tsx';
import { imageMarkdown } from './markdown-edits.ts';
import { useUploadImage } from './use-post-editor.ts';

const ALT_MAX_CHARS = 300;

export interface InsertDialogProps {
  open: boolean;
  onClose: () => void;
  /** Puts the Markdown in the post, in a paragraph of its own at the writer's place. */
  onInsert: (markdown: string) => void;
  onCloseAutoFocus: (event: Event) => void;
}

export function ImageDialog({ open, onClose, onInsert, onCloseAutoFocus }: InsertDialogProps) {
  const upload = useUploadImage();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (upload.isPending || next ? undefined : onClose())}
      title="Add an image"
      description="A PNG, JPEG, WebP or GIF photo; large ones are made smaller."
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {open ? <ImageForm onClose={onClose} onInsert={onInsert} upload={upload} /> : null}
    </Dialog>
  );
}

function ImageForm({
  onClose,
  onInsert,
  upload,
}: Pick<InsertDialogProps, 'onClose' | 'onInsert'> & {
  upload: ReturnType<typeof useUploadImage>;
}) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ file?: string; alt?: string }>({});

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (upload.isPending) return;
    const found = {
      ...(file ? {} : { file: 'Choose an image' }),
      ...(alt.trim() ? {} : { alt: 'Say what the image shows' }),
    };
    setErrors(found);
    if (found.file || found.alt || !file) {
      e.currentTarget
        .querySelector<HTMLElement>(found.file ? `#${CSS.escape(fileId)}` : '[name="alt"]')
        ?.focus();
      return;
    }
    upload.mutate(file, {
      onSuccess: (image) => {
        onInsert(imageMarkdown(alt, image.src));
        onClose();
      },
    });
  };

  return (
    <Form busy={upload.isPending} onSubmit={submit}>
      <div>
        <label htmlFor={fileId} className={fieldLabelClass}>
          Image
        </label>
        <input
          id={fileId}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setErrors((was) => ({ ...was, file: undefined }));
            upload.reset();
          }}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={errors.file ? `${fileId}-error` : undefined}
          className="block w-full min-w-0 text-sm text-stone-800 file:mr-3 file:h-10 file:cursor-pointer file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:font-semibold file:text-stone-800"
        />
        {errors.file ? (
          <p id={`${fileId}-error`} className="mt-1.5 text-sm text-red-700">
            {errors.file}
          </p>
        ) : null}
      </div>
      <TextField
        label="What it shows"
        name="alt"
        autoComplete="off"
        maxLength={ALT_MAX_CHARS}
        placeholder="Scouts around the campfire"
        hint="Read aloud to those who cannot see it, and shown when a mail hides images."
        value={alt}
        error={errors.alt ?? null}
        onChange={(e) => {
          setAlt(e.target.value);
          if (e.target.value.trim()) setErrors((was) => ({ ...was, alt: undefined }));
        }}
      />
      {upload.isError ? (
        <FormMessage tone="error">
          {failureMessage(upload.error, 'The image could not be uploaded. Try again.')}
        </FormMessage>
      ) : null}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={upload.isPending}>
          Cancel
        </Button>
        <SubmitButton busy={upload.isPending} busyLabel="Uploading...">
          Add the image
        </SubmitButton>
      </div>
    </Form>
  );
}
