/**
 * The post's body: Markdown in a textarea, under a toolbar of the few marks a post needs
 * (docs/decisions/080-newsletter-format.md). A toolbar is one tab stop; the arrow keys move along
 * it (the ARIA toolbar pattern). Each button is a pure edit of the text and its selection
 * (markdown-edits.ts), after which the writer types on where they were.
 */
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cx } from '../../../ui/cx.ts';
import { fieldControlClass, fieldLabelClass } from '../../../ui/text-field.tsx';
import { EventDialog } from './event-dialog.tsx';
import { ImageDialog } from './image-dialog.tsx';
import {
  insertBlock,
  insertLink,
  toggleBold,
  toggleHeading,
  toggleList,
  type TextEdit,
} from './markdown-edits.ts';

export interface BodyFieldProps {
  projectId: string;
  value: string;
  onChange: (body: string) => void;
  error: string | null;
  counter: { text: string; over: boolean } | null;
}

type Tool = 'heading' | 'bold' | 'list' | 'link' | 'image' | 'event';
const TOOLS: ReadonlyArray<{ tool: Tool; label: string; name: string; keys?: string }> = [
  { tool: 'heading', label: 'Heading', name: 'Heading: make the line a section heading' },
  { tool: 'bold', label: 'Bold', name: 'Bold', keys: 'Control+B' },
  { tool: 'list', label: 'List', name: 'List: make the lines a bulleted list' },
  { tool: 'link', label: 'Link', name: 'Link', keys: 'Control+K' },
  { tool: 'image', label: 'Image', name: 'Image: add a picture' },
  { tool: 'event', label: 'Event', name: 'Event: add a card of an upcoming event' },
];
const EDITS: Partial<Record<Tool, (e: TextEdit) => TextEdit>> = {
  heading: toggleHeading,
  bold: toggleBold,
  list: toggleList,
  link: insertLink,
};

export function BodyField({ projectId, value, onChange, error, counter }: BodyFieldProps) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const pending = useRef<{ start: number; end: number } | null>(null);
  const afterDialog = useRef<{ start: number; end: number } | null>(null);
  const [dialog, setDialog] = useState<'image' | 'event' | null>(null);
  const [current, setCurrent] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  // After a toolbar edit, the selection the edit chose, once the textarea holds the new text.
  useLayoutEffect(() => {
    const sel = pending.current;
    const el = area.current;
    if (!sel || !el) return;
    pending.current = null;
    el.focus();
    el.setSelectionRange(sel.start, sel.end);
  }, [value]);

  const apply = (edit: (e: TextEdit) => TextEdit, fromDialog = false) => {
    const el = area.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = edit({ text: value, start, end });
    if (fromDialog) {
      // The dialog hands focus back as it closes (backToText), not its opener.
      afterDialog.current = { start: next.start, end: next.end };
      onChange(next.text);
      return;
    }
    pending.current = { start: next.start, end: next.end };
    if (next.text === value) {
      el?.focus();
      el?.setSelectionRange(next.start, next.end);
      pending.current = null;
    } else onChange(next.text);
  };

  const use = (tool: Tool) => {
    const edit = EDITS[tool];
    if (edit) apply(edit);
    else setDialog(tool as 'image' | 'event');
  };

  const moveAlong = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -TOOLS.length, End: TOOLS.length }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = Math.min(TOOLS.length - 1, Math.max(0, current + step));
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  const shortcut = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
    const key = e.key.toLowerCase();
    if (key === 'b' || key === 'k') {
      e.preventDefault();
      apply(key === 'b' ? toggleBold : insertLink);
    }
  };

  const insert = (block: string) => apply((e) => insertBlock(e, block), true);
  /** After an insert, the writer goes on typing after it; after Cancel, back on the toolbar. */
  const backToText = (e: Event) => {
    const sel = afterDialog.current;
    const el = area.current;
    if (!sel || !el) return;
    afterDialog.current = null;
    e.preventDefault();
    el.focus();
    el.setSelectionRange(sel.start, sel.end);
  };
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, counter ? counterId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="min-w-0">
      <label htmlFor={id} className={fieldLabelClass}>
        Post
      </label>
      <div
        role="toolbar"
        aria-label="Formatting"
        aria-controls={id}
        onKeyDown={moveAlong}
        className="mb-1.5 flex flex-wrap gap-1"
      >
        {TOOLS.map((t, i) => (
          <button
            key={t.tool}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            tabIndex={i === current ? 0 : -1}
            aria-label={t.name}
            aria-keyshortcuts={t.keys}
            aria-haspopup={t.tool === 'image' || t.tool === 'event' ? 'dialog' : undefined}
            onFocus={() => setCurrent(i)}
            // Keeps the textarea's selection: a click would otherwise take focus first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => use(t.tool)}
            className={cx(
              'h-9 cursor-pointer rounded-md border border-stone-300 bg-white px-2.5 text-sm font-semibold text-stone-800',
              'hover:border-scout-600 hover:bg-scout-50 hover:text-scout-800',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-scout-600',
              t.tool === 'bold' ? 'font-extrabold' : null,
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <textarea
        ref={area}
        id={id}
        name="body"
        rows={12}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={shortcut}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(fieldControlClass, 'h-auto min-h-48 py-2 font-mono leading-relaxed')}
      />
      <div className="mt-1.5 flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <p id={hintId} className="min-w-0 text-xs text-stone-600">
          Markdown: **bold**, ## heading, - list. An event&apos;s line alone in its paragraph shows
          as a card.
        </p>
        {counter ? (
          <p
            id={counterId}
            className={cx(
              'text-xs tabular-nums',
              counter.over ? 'font-semibold text-red-700' : 'text-stone-600',
            )}
          >
            {counter.text}
          </p>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <ImageDialog
        open={dialog === 'image'}
        onClose={() => setDialog(null)}
        onInsert={insert}
        onCloseAutoFocus={backToText}
      />
      <EventDialog
        projectId={projectId}
        open={dialog === 'event'}
        onClose={() => setDialog(null)}
        onInsert={insert}
        onCloseAutoFocus={backToText}
      />
    </div>
  );
}
