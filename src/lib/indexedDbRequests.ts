/**
 * IndexedDB's requests and transactions as promises, for the kiosk's two
 * databases (app/persistence/indexedStore.ts, services/messages/messageBox.ts).
 * Promises, not async functions: the first frame's ES5 script opens the
 * kiosk's database too, and would carry a generator runtime.
 */
export const done = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/** Resolves once the transaction has committed; a quota error aborts it, and nothing of it is kept. */
export const committed = (transaction: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new DOMException('IndexedDB transaction aborted', 'AbortError'));
    transaction.onerror = () => undefined;
  });
