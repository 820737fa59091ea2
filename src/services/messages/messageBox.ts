/**
 * Where the panel keeps recorded messages until the back end has them: the
 * IndexedDB database `gate-kiosk-messages`, apart from the start's database
 * (`gate-kiosk`, opened by the first frame's script at a fixed version), so
 * that neither ever waits on the other's upgrade. Two object stores: `heads`
 * (what the queue decides on: ids, sizes, times; small) and `bodies` (the
 * recorded bytes, read only for the message being sent), one record each per
 * message under the same key, oldest first. Bytes are kept as ArrayBuffers,
 * which every engine's IndexedDB stores (Blobs are not everywhere).
 */

import { committed, done } from '../../lib/indexedDbRequests';

/** What a message is about: a visitor's video after a call nobody answered, or a courier's delivery. */
export type MessageKind = 'visitor' | 'delivery';

/** One recorded piece of a message: a clip or a picture, named for a multipart upload. */
export interface MessagePart {
  name: string;
  blob: Blob;
}

/** A message as the queue keeps and sends it. */
export interface StoredMessage {
  /** The kiosk's own id: the upload's `Idempotency-Key`, so a message sent twice (a reload mid-upload) is kept once. */
  id: string;
  /** The back end's id of the call the message follows. */
  callId: string;
  kind: MessageKind;
  parts: MessagePart[];
  /** Who it is for, as the visitor was told ("Your video will be sent to {name}"); for the log. */
  residentName: string;
  /** ISO 8601. */
  recordedAt: string;
}

/** A message without its bytes: what the caps, the log and the console need. */
export interface MessageHead {
  id: string;
  callId: string;
  kind: MessageKind;
  residentName: string;
  recordedAt: string;
  bytes: number;
}

/** The most the panel keeps; beyond either, the oldest are dropped. */
export interface MessageCaps {
  count: number;
  bytes: number;
}

export interface MessageBox {
  /** Stores `message` and, in the same transaction, drops the oldest others beyond `caps` (never the new one); resolves once stored, with what was dropped. */
  add(message: StoredMessage, caps: MessageCaps): Promise<MessageHead[]>;
  /** The oldest message with its bytes, or null when none is kept. */
  oldest(): Promise<StoredMessage | null>;
  /** Forgets a message (sent, or refused by the back end); nothing when it is gone already. */
  remove(id: string): Promise<void>;
  /** Every message kept, oldest first, without bytes. */
  heads(): Promise<MessageHead[]>;
}

const DATABASE = 'gate-kiosk-messages';
const HEADS = 'heads';
const BODIES = 'bodies';

interface StoredPart {
  name: string;
  type: string;
  data: ArrayBuffer;
}

/** The heads over `caps` once `added` is in, oldest first: never `added` itself. */
export function overCaps(heads: readonly MessageHead[], added: MessageHead, caps: MessageCaps): MessageHead[] {
  const older = heads.filter((head) => head.id !== added.id);
  let count = older.length + 1;
  let bytes = older.reduce((sum, head) => sum + head.bytes, added.bytes);
  const dropped: MessageHead[] = [];
  for (const head of older) {
    if (count <= caps.count && bytes <= caps.bytes) break;
    dropped.push(head);
    count -= 1;
    bytes -= head.bytes;
  }
  return dropped;
}

/** A Blob's bytes through FileReader: Blob.arrayBuffer() is missing from WebKit before 14. */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The recording could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

const headOf = ({ parts, ...rest }: StoredMessage): MessageHead => ({ ...rest, bytes: parts.reduce((sum, part) => sum + part.blob.size, 0) });

/** The database, opened on first use (a panel that never records a message opens it only to find it empty). */
export function createMessageBox(factory: IDBFactory): MessageBox {
  let opened: Promise<IDBDatabase> | null = null;
  const database = (): Promise<IDBDatabase> => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DATABASE, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(HEADS, { autoIncrement: true });
        request.result.createObjectStore(BODIES);
      };
      done(request).then((db) => {
        // A newer kiosk upgrading the database in another window: let it, and open anew at the next use.
        db.onversionchange = () => {
          db.close();
          opened = null;
        };
        resolve(db);
      }, reject);
    }).catch((error: unknown) => {
      opened = null;
      throw error;
    });
    return opened;
  };

  /** Every head with its record key, oldest first. */
  const keyed = async (store: IDBObjectStore) => {
    const [keys, values] = await Promise.all([done(store.getAllKeys()), done(store.getAll() as IDBRequest<MessageHead[]>)]);
    return keys.map((key, index) => ({ key, head: values[index] as MessageHead }));
  };

  return {
    async add(message, caps) {
      const parts: StoredPart[] = await Promise.all(message.parts.map(async ({ name, blob }) => ({ name, type: blob.type, data: await bytesOf(blob) })));
      const head = headOf(message);
      const transaction = (await database()).transaction([HEADS, BODIES], 'readwrite');
      const stored = committed(transaction);
      const heads = transaction.objectStore(HEADS);
      const bodies = transaction.objectStore(BODIES);
      const key = await done(heads.add(head));
      bodies.put(parts, key);
      const all = await keyed(heads);
      const dropped = overCaps(all.map((entry) => entry.head), head, caps);
      for (const entry of all.filter((each) => dropped.includes(each.head))) {
        heads.delete(entry.key);
        bodies.delete(entry.key);
      }
      await stored;
      return dropped;
    },
    async oldest() {
      const transaction = (await database()).transaction([HEADS, BODIES], 'readonly');
      const cursor = await done(transaction.objectStore(HEADS).openCursor());
      if (!cursor) return null;
      const { id, callId, kind, residentName, recordedAt } = cursor.value as MessageHead;
      const parts = ((await done(transaction.objectStore(BODIES).get(cursor.key))) ?? []) as StoredPart[];
      return { id, callId, kind, residentName, recordedAt, parts: parts.map(({ name, type, data }) => ({ name, blob: new Blob([data], { type }) })) };
    },
    async remove(id) {
      const transaction = (await database()).transaction([HEADS, BODIES], 'readwrite');
      const stored = committed(transaction);
      for (const entry of await keyed(transaction.objectStore(HEADS))) {
        if (entry.head.id !== id) continue;
        transaction.objectStore(HEADS).delete(entry.key);
        transaction.objectStore(BODIES).delete(entry.key);
      }
      await stored;
    },
    async heads() {
      const transaction = (await database()).transaction(HEADS, 'readonly');
      return (await keyed(transaction.objectStore(HEADS))).map((entry) => entry.head);
    },
  };
}

/** Where there is no IndexedDB: nothing is kept (the message is then never offered), and nothing waits to be sent. */
export const NO_MESSAGE_BOX: MessageBox = {
  add: () => Promise.reject(new Error('This engine has no IndexedDB to keep messages in')),
  oldest: () => Promise.resolve(null),
  remove: () => Promise.resolve(),
  heads: () => Promise.resolve([]),
};
