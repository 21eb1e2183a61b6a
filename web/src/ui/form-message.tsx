import { AlertCircleIcon, CheckCircleIcon } from './icons.tsx';

type Tone = 'error' | 'success';

const TONES = {
  error: {
    role: 'alert',
    icon: AlertCircleIcon,
    className: 'border-red-200 bg-red-50 text-red-800',
  },
  success: {
    role: 'status',
    icon: CheckCircleIcon,
    className: 'border-scout-200 bg-scout-50 text-scout-900',
  },
} as const;

/** Errors interrupt (alert); a success is announced politely (status). */
export function FormMessage({ tone, children }: { tone: Tone; children: string }) {
  const { role, icon: ToneIcon, className } = TONES[tone];
  return (
    <div
      role={role}
      className={`flex items-start gap-2.5 rounded-lg border ${className} px-3.5 py-3 text-sm`}
    >
      <ToneIcon className="mt-px size-4.5 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
