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
}

export function SignInForm({ busy, error, onSubmit }: SignInFormProps) {
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
    </form>
  );
}
