import { AlertCircleIcon, CheckCircleIcon } from './icons.tsx';

/** Errors interrupt (alert); a success is announced politely (status). */
export function FormMessage({ tone, children }: { tone: 'error' | 'success'; children: string }) {
  if (tone === 'error') {
    return (
      <div
        role="alert"
        className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800"
      >
        <AlertCircleIcon className="mt-px size-4.5 shrink-0" />
        <p>{children}</p>
      </div>
    );
  }
  return (
    <div
      role="status"
      className="flex items-start gap-2.5 rounded-lg border border-scout-200 bg-scout-50 px-3.5 py-3 text-sm text-scout-900"
    >
      <CheckCircleIcon className="mt-px size-4.5 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
