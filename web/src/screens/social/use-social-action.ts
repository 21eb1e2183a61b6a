import { useState } from 'react';
import { failureMessage } from '../../lib/failure-message.ts';
import { useSocialRefresh } from '../../lib/social-query.ts';
import { toast } from '../../ui/toast.tsx';

/**
 * Runs one change of the feed (a reaction, a report, a leader's decision): while it runs its
 * buttons are disabled; after it, the member's feed is read again; a refusal is said in the
 * server's own words.
 */
export function useSocialAction(userId: string) {
  const refresh = useSocialRefresh(userId);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, done?: string): Promise<boolean> => {
    setBusy(true);
    try {
      await work();
      if (done) toast.success(done);
      return true;
    } catch (err) {
      toast.error(failureMessage(err, 'That did not work. Try again.'));
      return false;
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return { busy, run };
}
