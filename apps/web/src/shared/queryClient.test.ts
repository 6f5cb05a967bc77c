import { QueryClient, QueryObserver, type QueryObserverResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { RereadingQueryClient } from './queryClient.ts';

/**
 * A page's first read of something, asked just before it changed, and the change heard (a write's
 * success, a live message) while that read is still under way: what the page ends up showing.
 */
async function shownAfterChangeDuringFirstRead(client: QueryClient): Promise<string> {
  let stored = 'before';
  const gates: (() => void)[] = [];
  const observer = new QueryObserver(client, {
    queryKey: ['reads', 1],
    queryFn: async () => {
      const answer = stored; // read when asked
      await new Promise<void>((r) => gates.push(r));
      return answer;
    },
    retry: false,
  });
  const settled = new Promise<QueryObserverResult<string>>((resolve) => {
    const unsubscribe = observer.subscribe((r) => {
      if (r.status === 'success' && r.fetchStatus === 'idle') {
        unsubscribe();
        resolve(r as QueryObserverResult<string>);
      }
    });
  });
  expect(gates).toHaveLength(1); // the first read is under way
  stored = 'after';
  const invalidated = client.invalidateQueries({ queryKey: ['reads'] });
  // Every read asked so far answers, a few rounds (a read asked again waits for the next).
  for (let round = 0; round < 5; round += 1) {
    for (const open of gates.splice(0)) open();
    await new Promise((r) => setTimeout(r, 0));
  }
  await invalidated;
  return (await settled).data as string;
}

describe('invalidating a query whose first read is in flight', () => {
  it('reads it again: the answer shown is the one after the change', async () => {
    expect(await shownAfterChangeDuringFirstRead(new RereadingQueryClient())).toBe('after');
  });

  it('TanStack’s own client keeps the answer asked before (TanStack/query#8530; drop the subclass once this fails)', async () => {
    expect(await shownAfterChangeDuringFirstRead(new QueryClient())).toBe('before');
  });

  it('a query with data is cancelled and asked again as before; others under other keys are left alone', async () => {
    const client = new RereadingQueryClient();
    let calls = 0;
    client.setQueryData(['reads', 2], 'old');
    const observer = new QueryObserver(client, {
      queryKey: ['reads', 2],
      queryFn: async () => {
        calls += 1;
        return `new ${calls}`;
      },
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = observer.subscribe(() => {});
    const other = new QueryObserver(client, { queryKey: ['other'], queryFn: async () => 'x' });
    const unsubscribeOther = other.subscribe(() => {});
    await client.invalidateQueries({ queryKey: ['reads'] });
    expect(client.getQueryData(['reads', 2])).toBe('new 1');
    expect(client.getQueryState(['other'])?.isInvalidated).toBe(false);
    unsubscribe();
    unsubscribeOther();
  });
});
