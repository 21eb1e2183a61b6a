import { withoutHiddenTextControls } from '@scout/protocol/file-names';

/**
 * Saves the sheet's CSV export. It is fetched with the bearer token, so a plain link to the server
 * could not fetch it: an object URL and a download link hand the bytes to the browser, under the
 * server's name without characters that would reorder or hide part of it (as the calendar's
 * exports, calendar/save-file.ts, which a screen may not import).
 */
export function saveCsv(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = withoutHiddenTextControls(file.name).trim() || 'volunteers.csv';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
