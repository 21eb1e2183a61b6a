import type { ServerTroop } from '@scout/protocol/troops';
import { councilNameOf } from './unit-order.ts';

const HEAD = ['Number', 'Name', 'Project id', 'Kind', 'Council', 'Members'] as const;

/** The server's troops and councils, as the server orders them (councils first). */
export function UnitTable({ units }: { units: readonly ServerTroop[] }) {
  if (units.length === 0) return <p className="mt-3 text-sm text-stone-600">No troops yet.</p>;
  return (
    <div className="mt-3 overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Troops and councils</caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
          <tr>
            {HEAD.map((h) => (
              <th
                key={h}
                scope="col"
                className={h === 'Members' ? 'px-4 py-2.5 text-right' : 'px-4 py-2.5'}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {units.map((u) => (
            <tr key={u.projectId}>
              <td className="px-4 py-2.5 tabular-nums">{u.number ?? '—'}</td>
              <th scope="row" className="px-4 py-2.5 font-semibold text-stone-900">
                {u.name ?? '—'}
              </th>
              <td className="px-4 py-2.5 font-mono text-xs break-all">{u.projectId}</td>
              <td className="px-4 py-2.5">{u.kind === 'council' ? 'Council' : 'Troop'}</td>
              <td className="px-4 py-2.5">{councilNameOf(units, u.councilProjectId)}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{u.members}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
