import { committed, done } from '../../lib/indexedDbRequests';

/**
 * Where the kiosk keeps what can grow large: the queued access requests (a
 * record each, so a read adds one record and an acknowledged batch deletes
 * its own, whatever the queue's length) and the property data (one record,
 * as a structured clone: no JSON text to build). IndexedDB, with the raw API:
 * three operations do not need a wrapper on the first screen's path.
 */
export interface IndexedStore {
  /** Everything stored: the queue oldest first, each request with its record key. */
  read(): Promise<IndexedParts>;
  /** One transaction: deletes `remove`, adds `add`, and resolves with the new records' keys in order. */
  updateQueue(add: readonly unknown[], remove: readonly IDBValidKey[]): Promise<IDBValidKey[]>;
  /** Replaces a stored part (`{ version, state }`). */
  putPart(name: string, value: unknown): Promise<void>;
  close(): void;
}

export interface IndexedParts {
  queue: Array<{ key: IDBValidKey; value: unknown }>;
  parts: Record<string, unknown>;
}

const DATABASE = 'gate-kiosk';
const QUEUE = 'accessQueue';
const PARTS = 'parts';

/**
 * Opens the kiosk's database, or null where there is none to be had (no
 * IndexedDB, a browser that refuses it, or one that does not answer within
 * `timeoutMs`: some embedded engines hang instead of failing). The kiosk
 * then keeps everything in `localStorage`, as before it had a database.
 */
export function openIndexedStore(factory: IDBFactory | undefined, timeoutMs = 3000): Promise<IndexedStore | null> {
  if (!factory) return Promise.resolve(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Promises, not async functions, here and below: the first frame's ES5 script opens the database too, and would carry a generator runtime.
  return new Promise<IDBDatabase | null>((resolve, reject) => {
    const request = factory.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(QUEUE, { autoIncrement: true });
      request.result.createObjectStore(PARTS);
    };
    done(request).then(resolve, reject);
    timer = setTimeout(() => {
      // Opened too late: close it once it does open, so it holds no upgrade back.
      request.onsuccess = () => request.result.close();
      resolve(null);
    }, timeoutMs);
  })
    .then((db) => (db ? storeOn(db) : null))
    .catch(() => null)
    .finally(() => clearTimeout(timer));
}

function storeOn(db: IDBDatabase): IndexedStore {
  // Another tab of a newer kiosk upgrading the database: let it.
  db.onversionchange = () => db.close();
  return {
    read() {
      const transaction = db.transaction([QUEUE, PARTS], 'readonly');
      const queueStore = transaction.objectStore(QUEUE);
      const partStore = transaction.objectStore(PARTS);
      return Promise.all([done(queueStore.getAllKeys()), done(queueStore.getAll()), done(partStore.getAllKeys()), done(partStore.getAll())]).then(
        ([keys, values, partNames, partValues]) => {
          const parts: Record<string, unknown> = {};
          partNames.forEach((name, index) => (parts[String(name)] = partValues[index]));
          return { queue: keys.map((key, index) => ({ key, value: values[index] })), parts };
        },
      );
    },
    updateQueue(add, remove) {
      const transaction = db.transaction(QUEUE, 'readwrite');
      const store = transaction.objectStore(QUEUE);
      const keys: IDBValidKey[] = [];
      const stored = committed(transaction);
      try {
        for (const key of remove) store.delete(key);
        add.forEach((value, index) => {
          const request = store.add(value);
          request.onsuccess = () => (keys[index] = request.result);
        });
      } catch (error) {
        // An operation refused at once (a value that cannot be cloned, an engine out of room): none of the rest is kept either.
        transaction.abort();
        stored.catch(() => undefined);
        return Promise.reject(error);
      }
      return stored.then(() => keys);
    },
    putPart(name, value) {
      const transaction = db.transaction(PARTS, 'readwrite');
      const stored = committed(transaction);
      try {
        transaction.objectStore(PARTS).put(value, name);
      } catch (error) {
        transaction.abort();
        stored.catch(() => undefined);
        return Promise.reject(error);
      }
      return stored;
    },
    close: () => db.close(),
  };
}
