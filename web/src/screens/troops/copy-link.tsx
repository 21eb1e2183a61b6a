import { useId, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { fieldControlClass, fieldLabelClass } from '../../ui/text-field.tsx';

/**
 * A read-only link with a Copy button. Where the clipboard is out of reach (an insecure page, a
 * refused permission) the text is selected instead, so the usual keys copy it.
 */
export function CopyLink({ label, value }: { label: string; value: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid('Copied to the clipboard.');
    } catch {
      input.current?.focus();
      input.current?.select();
      setSaid('Selected: press Ctrl+C (or ⌘C) to copy.');
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
          Copy<span className="sr-only"> {label}</span>
        </Button>
      </div>
      <p role="status" className="mt-1 min-h-5 text-xs text-scout-800">
        {said}
      </p>
    </div>
  );
}
