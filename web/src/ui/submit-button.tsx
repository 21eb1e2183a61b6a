import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button.tsx';
import { Spinner } from './spinner.tsx';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'children'> {
  busy: boolean;
  /** Said while the form is being sent, beside a spinner. */
  busyLabel: string;
  children: ReactNode;
}

/** A form's submit button: while the form is being sent it says so, and is disabled. */
export function SubmitButton({
  busy,
  busyLabel,
  disabled = busy,
  children,
  ...props
}: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={disabled} {...props}>
      {busy ? (
        <>
          <Spinner className="size-4" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
