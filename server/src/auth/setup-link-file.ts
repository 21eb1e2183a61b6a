/**
 * Where the first admin's setup link waits for the person at the console: a file in the data
 * folder that only the server's own user can read, as the mail outbox is. The link is a secret
 * (whoever opens it first becomes the troop's admin), and secrets never reach a log line: the
 * log names the file, never the link. A troop with an admin has no such file.
 */
import fs from 'node:fs';
import path from 'node:path';

export const SETUP_LINK_FILE = 'first-admin-link.txt';

export const setupLinkPath = (dataDir: string) => path.resolve(dataDir, SETUP_LINK_FILE);

/** Writes the newest link in place of any earlier one (earlier links still work for their hour). */
export function writeSetupLinkFile(dataDir: string, link: string): string {
  const file = setupLinkPath(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.rmSync(tmp, { force: true });
  fs.writeFileSync(tmp, `${link}\n`, { mode: 0o600, flag: 'wx' });
  fs.renameSync(tmp, file);
  return file;
}

/** Once the troop has an admin, no link is left lying in the data folder. */
export function removeSetupLinkFile(dataDir: string): void {
  fs.rmSync(setupLinkPath(dataDir), { force: true });
}
