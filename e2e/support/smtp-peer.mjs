// A real SMTP server for the browser journeys. The app server delivers its mail here (SMTP_URL),
// and the tests read what arrived over a small HTTP API on loopback:
//   GET /health            -> 200 once both ports listen (Playwright waits for it)
//   GET /messages?to=addr  -> [{to, subject, text, html, receivedAt}], oldest first
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
const apiPort = Number(process.env.E2E_SMTP_API_PORT ?? 2527);
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (parsed) => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          receivedAt: new Date().toISOString(),
        });
        callback();
      },
      (err) => callback(err),
    );
  },
});

const api = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${apiPort}`);
  if (req.method === 'GET' && url.pathname === '/health') {
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    return;
  }
  if (req.method === 'GET' && url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? messages.filter((m) => m.to.includes(to)) : messages;
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(found));
    return;
  }
  res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not found"}');
});

await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
await new Promise((resolve) => api.listen(apiPort, '127.0.0.1', resolve));

const stop = () => {
  api.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
