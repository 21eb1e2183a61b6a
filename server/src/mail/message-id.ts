/**
 * The Message-ID of a mail sent by a durable job (docs/decisions/052-durable-jobs.md). A process
 * that dies after the mail server accepted a message, but before the job was marked done, leaves
 * the job to be run again, and the message is sent a second time. Exactly once cannot be had at
 * that boundary; the same Message-ID on both copies lets mail programs show them as one. So the
 * id is made from what every process retrying the job knows alike: the job's id (random, so no
 * two jobs share one), the recipient (hashed, so the header does not spell the address out) and
 * the host of PUBLIC_URL.
 */
import crypto from 'node:crypto';

export function jobMessageId(jobId: string, recipient: string, publicUrl: string): string {
  const mailbox = crypto
    .createHash('sha256')
    .update(recipient.trim().toLowerCase())
    .digest('hex')
    .slice(0, 16);
  const local = `job-${jobId}.${mailbox}`.replace(/[^A-Za-z0-9.-]/g, '-');
  return `<${local}@${new URL(publicUrl).hostname}>`;
}
