import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { fieldControlClass, fieldLabelClass } from './text-field.tsx';
import { cx } from './cx.ts';

type CopyState = 'idle' | 'copied' | 'selected';

/**
 * A read-only address or link with a Copy button (a calendar feed, an invitation). Where the
 * clipboard is out of reach (an insecure page, a refused permission) the text is selected
 * instead, so the usual keys copy it.
 */
export function CopyField({
  label,
  value,
  icon,
}: {
  label: string;
  value: string;
  /** Drawn before "Copy" on the button. */
  icon?: ReactNode;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      input.current?.focus();
      input.current?.select();
      setState('selected');
    }
  };

  return (
    <div>
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className={cx(fieldControlClass, 'min-w-0 flex-1 bg-stone-50 font-mono text-sm')}
        />
        <Button variant="secondary" className="h-11" onClick={() => void copy()}>
          {icon}
          Copy<span className="sr-only"> {label}</span>
        </Button>
      </div>
      <p role="status" className="mt-1 min-h-5 text-xs text-scout-800">
        {state === 'copied' ? 'Copied to the clipboard.' : null}
        {state === 'selected' ? 'Selected: press Ctrl+C (or ⌘C) to copy.' : null}
      </p>
    </div>
  );
}
