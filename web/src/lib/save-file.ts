import { withoutHiddenTextControls } from '@scout/protocol/file-names';

/**
 * The name the browser saves a file under and shows in its downloads: the server's name as it
 * really reads, without a character that would reorder or hide part of it (a U+202E turning
 * "Campfdp.exe" into what reads "Campexe.pdf"; protocol/src/file-names.ts).
 */
export function savedFileName(name: string): string {
  return withoutHiddenTextControls(name).trim() || 'download';
}

/**
 * Saves a downloaded file (an event's .ics, the RSVP and sign-up sheet CSV exports). The file was
 * fetched with the bearer token, so a plain link to the server could not fetch it; an object URL
 * and a download link hand the bytes to the browser.
 */
export function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = savedFileName(file.name);
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
