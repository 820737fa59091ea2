// What the panel stores at scale: the size of each stored part (as JSON
// text, what localStorage holds; the database keeps the same data as a
// structured clone) for the simulator's large seed of 5,000 and 50,000
// residents and a queue of 5,000 and 100,000 records, the parts read and
// derived by the kiosk's own modules (loaded from source, in Node).
import { largeSeed } from '../simulator/seed.mjs';
import { withSourceModules } from './common.mjs';
import { queued } from './queue.mjs';

const chars = (value) => JSON.stringify({ version: 2, state: value }).length;

/**
 * @param {number[]} residents property sizes @param {number[]} queues queue lengths
 * @returns {Promise<{ property: Record<number, { property: number, propertyCore: number }>, queue: Record<number, { records: number, oneItem: number }> }>} characters
 */
export function measureStoredSizes(residents, queues) {
  return withSourceModules(async (load) => {
    const { parsePropertyResponse } = await load('/src/features/property/parsePropertyResponse.ts');
    const { withPropertyCore } = await load('/src/features/property/propertyCoreSlice.ts');
    const { propertyCoreStored } = await load('/src/features/property/propertyCoreStored.ts');
    const property = {};
    for (const count of residents) {
      const parsed = parsePropertyResponse(largeSeed(count));
      const stored = withPropertyCore({ data: parsed.data, twimlToken: parsed.twimlToken }, undefined);
      // The core as it is written: its codes as text (version 3).
      property[count] = { property: chars(stored.property), propertyCore: chars(propertyCoreStored.write(stored.propertyCore)) };
      console.log(`stored: ${count.toLocaleString('en')} residents, property ${property[count].property} characters, core ${property[count].propertyCore}`);
    }
    const queue = {};
    for (const count of queues) {
      const items = queued(count);
      // In the database a record a request; in localStorage (no database) the whole queue in one item.
      queue[count] = { records: items.reduce((sum, item) => sum + JSON.stringify(item).length, 0), oneItem: chars({ items }) };
    }
    return { property, queue };
  });
}
