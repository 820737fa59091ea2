import { committed, done } from '../../lib/indexedDbRequests';
import { pieceKey, type IndexedParts } from './indexedParts';

/**
 * Where the kiosk keeps what can grow large: the queued access requests (a
 * record each, so a read adds one record and an acknowledged batch deletes
 * its own, whatever the queue's length) and the property data (one record,
 * as a structured clone: no JSON text to build). IndexedDB, with the raw API:
 * three operations do not need a wrapper on the first screen's path.
 */
export interface IndexedStore {
  /**
   * Everything stored: the queue oldest first, each request with its record
   * key. Rejects when the read has not started within the open's timeout: a
   * write that never ends holds it (WebKit keeps a page in its back-forward
   * cache with its transaction under way, and every later page waits on it).
   */
  read(): Promise<IndexedParts>;
  /** One transaction: deletes `remove`, adds `add`, and resolves with the new records' keys in order. */
  updateQueue(add: readonly unknown[], remove: readonly IDBValidKey[]): Promise<IDBValidKey[]>;
  /**
   * Replaces a stored part (`{ version, state }`) and its pieces, records of
   * their own (`name#0`, `name#1`...): each is cloned in a task of its own, so
   * 50,000 residents never hold the main thread at once.
   */
  putPart(name: string, value: unknown, pieces?: readonly unknown[]): Promise<void>;
  /** Aborts the writes under way (they reject, and are tried again as any failed write): the page is going into the back-forward cache. */
  abortWrites(): void;
  close(): void;
}

/** Each request of `requests` made in the success of the one before: each record is cloned in a task of its own. */
function oneATask(requests: Array<() => IDBRequest>): Promise<unknown[]> {
  const results: unknown[] = [];
  const next = (index: number, resolve: (values: unknown[]) => void, reject: (error: unknown) => void): void => {
    if (index === requests.length) return resolve(results);
    let request: IDBRequest;
    try {
      request = requests[index]!();
    } catch (error) {
      // Refused at once (a value that cannot be cloned).
      return reject(error);
    }
    request.onsuccess = () => {
      results.push(request.result);
      next(index + 1, resolve, reject);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  };
  return new Promise((resolve, reject) => next(0, resolve, reject));
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
    .then((db) => (db ? storeOn(db, timeoutMs) : null))
    .catch(() => null)
    .finally(() => clearTimeout(timer));
}

function abort(transaction: IDBTransaction): void {
  try {
    transaction.abort();
  } catch {
    // Finished meanwhile.
  }
}

function storeOn(db: IDBDatabase, timeoutMs: number): IndexedStore {
  // Another tab of a newer kiosk upgrading the database: let it.
  db.onversionchange = () => db.close();
  const writes = new Set<IDBTransaction>();
  const writing = (transaction: IDBTransaction): Promise<void> => {
    writes.add(transaction);
    const stored = committed(transaction);
    const ended = () => writes.delete(transaction);
    stored.then(ended, ended);
    return stored;
  };
  return {
    read() {
      const transaction = db.transaction([QUEUE, PARTS], 'readonly');
      const queueStore = transaction.objectStore(QUEUE);
      const partStore = transaction.objectStore(PARTS);
      const names = partStore.getAllKeys();
      const records = new Promise<{ names: IDBValidKey[]; values: unknown[] }>((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new DOMException(`The database did not start a read within ${timeoutMs} ms`, 'TimeoutError'));
          abort(transaction);
        }, timeoutMs);
        // In the request's own event (see putPart): each record then read in a task of its own.
        names.onsuccess = () => {
          clearTimeout(timer);
          oneATask(names.result.map((name) => () => partStore.get(name))).then((values) => resolve({ names: names.result, values }), reject);
        };
        names.onerror = () => {
          clearTimeout(timer);
          reject(names.error ?? new Error('IndexedDB request failed'));
        };
      });
      return Promise.all([done(queueStore.getAllKeys()), done(queueStore.getAll()), records]).then(([keys, values, { names, values: partValues }]) => {
        const parts: Record<string, unknown> = {};
        names.forEach((name, index) => (parts[String(name)] = partValues[index]));
        return { queue: keys.map((key, index) => ({ key, value: values[index] })), parts };
      });
    },
    updateQueue(add, remove) {
      const transaction = db.transaction(QUEUE, 'readwrite');
      const store = transaction.objectStore(QUEUE);
      const keys: IDBValidKey[] = [];
      const stored = writing(transaction);
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
    putPart(name, value, pieces = []) {
      const transaction = db.transaction(PARTS, 'readwrite');
      const store = transaction.objectStore(PARTS);
      const stored = writing(transaction);
      // Aborted already, where the failed request did it.
      const failed = () => abort(transaction);
      try {
        store.put(value, name);
      } catch (error) {
        failed();
        stored.catch(() => undefined);
        return Promise.reject(error);
      }
      // The pieces of an earlier write go first (there may have been more of them); a piece that cannot be stored aborts it all.
      // In the request's own event, not a promise's callback after it: an older engine may have closed the transaction by then.
      const isPiece = (key: IDBValidKey) => String(key).indexOf(`${name}#`) === 0;
      const keys = store.getAllKeys();
      keys.onsuccess = () => {
        const steps = [...keys.result.filter(isPiece).map((key) => () => store.delete(key)), ...pieces.map((piece, index) => () => store.put(piece, pieceKey(name, index)))];
        oneATask(steps).catch(failed);
      };
      return stored;
    },
    abortWrites: () => writes.forEach(abort),
    close: () => db.close(),
  };
}
