/**
 * How the app tells the boot guard it started: an attribute on the document
 * element, set once the app has rendered its first screen. The guard (a
 * classic script that runs first) looks for it when its deadline comes.
 */
const STARTED_ATTRIBUTE = 'data-kiosk-started';

export function announceStarted(doc: Document): void {
  doc.documentElement.setAttribute(STARTED_ATTRIBUTE, '');
}

export function hasStarted(doc: Document): boolean {
  return doc.documentElement.hasAttribute(STARTED_ATTRIBUTE);
}
