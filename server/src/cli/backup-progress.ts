/** How the admin CLI's `backup` tells its progress (admin.ts), one line per step. */
import type { BackupProgress } from '../admin/backup.ts';

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One line of a backup's progress, for an operator watching or a scheduler's log. */
export function describeBackupProgress(p: BackupProgress): string {
  switch (p.phase) {
    case 'start':
      return `Backing up ${p.source} (about ${megabytes(p.expectedBytes)}) to ${p.file}`;
    case 'copying': {
      // The estimate counts pages in use; the copy can pack them a little differently.
      const percent =
        p.expectedBytes > 0 ? Math.min(99, Math.floor((100 * p.bytes) / p.expectedBytes)) : 0;
      return `  ${megabytes(p.bytes)} of about ${megabytes(p.expectedBytes)} copied (${percent}%), ${seconds(p.elapsedMs)}`;
    }
    case 'checking':
      return `  Copy written (${megabytes(p.bytes)}), ${seconds(p.elapsedMs)}; checking it (integrity_check)`;
    case 'done':
      return `  Checked and in place, ${seconds(p.elapsedMs)}`;
  }
}
