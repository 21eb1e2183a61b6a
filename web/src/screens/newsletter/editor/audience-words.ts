/** Whom a post goes to, as the editor's questions and messages say it ("Send to the adults now?"). */
import type { NewsletterAudience } from '@scout/protocol/newsletter';

const WHOM: Record<Exclude<NewsletterAudience, 'patrols'>, string> = {
  troop: 'the whole troop',
  adults: 'the adults',
  leaders: 'the leaders',
};

/** "Eagles, Foxes and Owls": the way a list of names is read out. */
function listed(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export function audienceWords(audience: NewsletterAudience, patrols: readonly string[]): string {
  if (audience !== 'patrols') return WHOM[audience];
  const names = patrols.map((p) => p.trim()).filter(Boolean);
  if (names.length === 0) return 'the chosen patrols';
  return `${names.length === 1 ? 'the patrol' : 'the patrols'} ${listed(names)}`;
}
