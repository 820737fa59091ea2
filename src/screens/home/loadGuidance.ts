import { loadOnce } from '../../lib/loadOnce';

/** The guidance's code, fetched after the first screen (it shows 20 s later at the earliest); a failed fetch is tried again next time. */
export const loadGuidance = loadOnce(() => import('./Guidance'));
