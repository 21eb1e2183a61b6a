/** A CSV export answered as a download that no cache keeps: it names the troop's people. */
import type { FastifyReply } from 'fastify';

export function sendCsvDownload(reply: FastifyReply, fileName: string, body: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .send(body);
}
