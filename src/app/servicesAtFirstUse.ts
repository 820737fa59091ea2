import { loadOnce } from '../lib/loadOnce';
import type { MessageBox } from '../services/messages/messageBox';
import type { Services } from '../store/services';

/**
 * The message box, the message recorder and the still camera, with their
 * code (IndexedDB, MediaRecorder, the camera) fetched the first time one is
 * used: none is on the welcome screen's path. The message sender's first
 * read after a start (what a reload interrupted) is that first use, once the
 * page is idle. A chunk that cannot be fetched rejects the call, as a failure
 * of the service itself does: a message not kept is said so, the sender tries
 * again after MESSAGE_RETRY_MS, a still gives its reason; the next call fetches again.
 */
export function servicesAtFirstUse(indexedDb: IDBFactory | null): Pick<Services, 'messages' | 'recorder' | 'camera'> {
  const box = loadOnce(() =>
    import('../services/messages/messageBox').then(({ createMessageBox, NO_MESSAGE_BOX }) => (indexedDb ? createMessageBox(indexedDb) : NO_MESSAGE_BOX)),
  );
  const messages: MessageBox = {
    add: (message, caps) => box().then((loaded) => loaded.add(message, caps)),
    oldest: () => box().then((loaded) => loaded.oldest()),
    remove: (id) => box().then((loaded) => loaded.remove(id)),
    heads: () => box().then((loaded) => loaded.heads()),
  };
  return {
    messages,
    recorder: { start: () => import('../services/messages/recorder').then(({ createMessageRecorder }) => createMessageRecorder().start()) },
    camera: { takeStill: (ended) => import('../services/camera/still').then(({ takeStill }) => takeStill(undefined, ended)) },
  };
}
