/**
 * A wall-clock time as the app shows it (docs/product.md section 2): 12-hour with AM/PM,
 * "18:00" reads "6:00 PM". One formatter for the web app and the server's mails, so a mail says
 * the time the same way the screen does.
 */

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?$/;

/** 'HH:mm' (seconds tolerated) -> [hours, minutes], or null. */
export function parseClockTime(text: string): [number, number] | null {
  const m = TIME.exec(text);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** '18:00' -> '6:00 PM', '00:30' -> '12:30 AM'; text that is not a time is returned as it is. */
export function formatClockTime(text: string): string {
  const time = parseClockTime(text);
  if (!time) return text;
  const [h, m] = time;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}
