import { QueryClient } from '@tanstack/react-query';

/**
 * The client library already retries what may be retried (docs/product.md section 9: 3 retries), so queries
 * do not retry again on top of it, and a sign-in is never sent twice.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
