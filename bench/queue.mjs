// One sent batch of queued access requests, on a queue of 5,000 and of
// 100,000 records: the kiosk's own work per batch (taking the next 500 from
// the queue, reading the back end's echo, removing what it names), through
// the access queue's public actions and selectors in a Redux store, in Node
// (the modules loaded from source through Vite). The echo is the simulator's:
// the outcome as 1/0, the time with microseconds. The network is not timed.
import { stats, withSourceModules } from './common.mjs';

const BATCHES = 8;

/** @param {number} count @returns {{ user_code: string, access_granted: boolean, created_at: string }[]} */
export function queued(count) {
  const start = Date.parse('2026-11-01T00:00:00.000Z');
  return Array.from({ length: count }, (_, i) => ({
    user_code: String(10001 + (i % 50_000)),
    access_granted: i % 5 !== 0,
    created_at: new Date(start + i * 1500 + (i % 1000)).toISOString(),
  }));
}

/** The simulator's echo of a batch (simulator/api.mjs). */
const echo = (batch) =>
  batch.map((item) => ({ user_code: item.user_code, access_granted: item.access_granted ? 1 : 0, created_at: item.created_at.replace(/Z$/, '000Z') }));

/** @param {number[]} sizes queue lengths @returns {Promise<Record<number, number[]>>} ms per batch at each length */
export async function measureQueue(sizes) {
  return withSourceModules(async (load) => {
    const { configureStore } = await load('@reduxjs/toolkit');
    const queue = await load('/src/features/access-queue/accessQueueSlice.ts');
    const { parseAcceptedRequests } = await load('/src/features/access-queue/acceptedRequests.ts');
    const { ACCESS_QUEUE_BATCH_SIZE } = await load('/src/features/access-queue/accessQueueListeners.ts');
    const batchTimes = (size) => {
      const store = configureStore({
        reducer: { accessQueue: queue.accessQueueSlice.reducer },
        // A queue as a long outage leaves it (filling it one action at a time would take minutes).
        preloadedState: { accessQueue: { items: queued(size) } },
      });
      const times = [];
      for (let i = 0; i < BATCHES; i += 1) {
        const answer = echo(queue.selectQueuedAccessRequests(store.getState()).slice(0, ACCESS_QUEUE_BATCH_SIZE));
        const t0 = performance.now();
        const batch = queue.selectQueuedAccessRequests(store.getState()).slice(0, ACCESS_QUEUE_BATCH_SIZE);
        store.dispatch(queue.accessRequestsAccepted({ sent: batch, echoed: parseAcceptedRequests(answer) }));
        times.push(performance.now() - t0);
        if (queue.selectQueuedAccessRequests(store.getState()).length !== size - (i + 1) * batch.length) throw new Error('A batch left items behind');
      }
      return times;
    };
    batchTimes(sizes[0]); // warms the code up, so the first size is not charged for compiling it
    const results = {};
    for (const size of sizes) {
      results[size] = batchTimes(size);
      console.log(`queue: ${size.toLocaleString('en')} records, median ${stats(results[size]).median.toFixed(1)} ms a batch`);
    }
    return results;
  });
}
