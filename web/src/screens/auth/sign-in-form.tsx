import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { FormMessage } from './form-message.tsx';
import type { SignInValues } from './use-sign-in.ts';

interface SignInFormProps {
  busy: boolean;
  error: string | null;
  onSubmit: (values: SignInValues) => void;
  /** The other ways in: each opens an email-only form, given the address typed so far. */
  onForgotPassword: (email: string) => void;
  onEmailLink: (email: string) => void;
}

export function SignInForm({
  busy,
  error,
  onSubmit,
  onForgotPassword,
  onEmailLink,
}: SignInFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!busy) onSubmit({ email, password });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
      <TextField
        label="Email address"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="-mt-1 flex justify-end">
        <button
          type="button"
          onClick={() => onForgotPassword(email)}
          disabled={busy}
          className="cursor-pointer rounded text-sm font-semibold text-scout-700 underline-offset-4 hover:text-scout-800 hover:underline disabled:cursor-not-allowed disabled:opacity-60"
        >
          Forgot password?
        </button>
      </div>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? (
          <>
            <Spinner className="size-4" />
            Signing in...
          </>
        ) : (
          'Sign In'
        )}
      </Button>
      <div
        className="flex items-center gap-3 text-xs font-medium text-stone-600"
        aria-hidden="true"
      >
        <span className="h-px flex-1 bg-stone-200" />
        or
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={busy}
        onClick={() => onEmailLink(email)}
      >
        Email me a sign-in link
      </Button>
    </form>
  );
}
