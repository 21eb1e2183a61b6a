import { useQuery } from '@tanstack/react-query';
import { formatDayTime } from '../../lib/event-format.ts';
import type { Member } from '@scout/sdk/members';
import { scout } from '../../lib/sdk.ts';
import { auditLine } from './audit-line.ts';

/** The newest membership changes, in words: who did what to whom, and when. */
export function AuditLog({ members }: { members: readonly Member[] }) {
  const log = useQuery({ queryKey: ['audit'], queryFn: () => scout.members.audit() });
  return (
    <section aria-labelledby="audit-heading" className="mt-10">
      <h2 id="audit-heading" className="text-xl font-bold text-stone-900">
        Audit log
      </h2>
      {log.isError ? (
        <p className="mt-2 text-sm text-red-800">Could not load the audit log.</p>
      ) : (
        <ol aria-label="Membership changes" className="mt-3 space-y-1.5 text-sm text-stone-700">
          {(log.data ?? []).slice(0, 50).map((e) => (
            <li key={e.id}>
              <time dateTime={e.at} className="text-stone-500">
                {formatDayTime(e.at)}
              </time>{' '}
              {auditLine(e, members)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
