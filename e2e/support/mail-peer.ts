/**
 * Where the journeys' SMTP peer (support/smtp-peer.mjs) listens: the server delivers to its SMTP
 * port, and the tests read what arrived from its HTTP port.
 */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const mailApiPort = Number(process.env.E2E_SMTP_API_PORT ?? 2527);
export const mailApiURL = `http://127.0.0.1:${mailApiPort}`;
