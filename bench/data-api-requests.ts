/**
 * The requests `npm run bench` times (bench/run.ts), as our server and its floor both take them:
 * the created event, and the name the clean-up removes created events by.
 */

/** The name of every event a measurement creates; the clean-up removes them by it. */
export const CREATED_NAME = 'Bench create';

export function createBody() {
  return {
    event_name: CREATED_NAME,
    event_date: '2027-06-12',
    event_time: '19:30',
    hyperlink: 'https://troop.example/events/new',
    creator_name: 'Bench Leader',
  };
}
