/**
 * Kiosk lockdown: the panel's browser shows the kiosk and nothing else, so no
 * context menu, no text selection, no dragging images or links out, no zoom,
 * and no way off the kiosk's origin by a link, a form, window.open or a URL
 * dropped on the screen. (CSS does its part: user-select and touch-action in
 * styles.css, user-scalable in index.html.) Returns a function that removes it.
 */
export function installLockdown(win: Window): () => void {
  const { document } = win;
  const isOwnOrigin = (url: string) => {
    try {
      return new URL(url, win.location.href).origin === win.location.origin;
    } catch {
      return false;
    }
  };
  const prevent = (event: Event) => event.preventDefault();

  /** A click that would leave the kiosk: another origin, a new window or tab, or a download. */
  const guardLink = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    const newWindow = link.target !== '' && link.target !== '_self';
    const modified = event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
    if (!isOwnOrigin(link.href) || newWindow || modified || link.hasAttribute('download')) event.preventDefault();
  };

  const guardForm = (event: SubmitEvent) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    // As written (resolved against the page, as the browser does): an empty action is the page itself.
    const action = event.submitter?.getAttribute('formaction') ?? form?.getAttribute('action') ?? '';
    if (!form || !isOwnOrigin(action) || (form.target !== '' && form.target !== '_self')) event.preventDefault();
  };

  /** Pinch on a trackpad arrives as a wheel with Ctrl; Ctrl with + - = 0 zooms from a keyboard. */
  const guardZoomWheel = (event: WheelEvent) => {
    if (event.ctrlKey) event.preventDefault();
  };
  const guardZoomKeys = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && ['+', '-', '=', '0'].includes(event.key)) event.preventDefault();
  };

  const listeners: Array<[EventTarget, string, EventListener, AddEventListenerOptions]> = [
    [document, 'contextmenu', prevent, { capture: true }],
    [document, 'selectstart', prevent, { capture: true }],
    [document, 'dragstart', prevent, { capture: true }],
    // Without these, a file or URL dropped on the screen replaces the kiosk.
    [win, 'dragover', prevent, { capture: true }],
    [win, 'drop', prevent, { capture: true }],
    [document, 'click', guardLink as EventListener, { capture: true }],
    [document, 'auxclick', guardLink as EventListener, { capture: true }],
    [document, 'submit', guardForm as EventListener, { capture: true }],
    [win, 'wheel', guardZoomWheel as EventListener, { capture: true, passive: false }],
    [win, 'keydown', guardZoomKeys as EventListener, { capture: true }],
    // Safari's own pinch events.
    [document, 'gesturestart', prevent, { capture: true }],
  ];
  for (const [target, type, listener, options] of listeners) target.addEventListener(type, listener, options);

  const open = win.open;
  // Nothing in the kiosk opens windows; a script that tries gets no window.
  win.open = () => null;

  return () => {
    for (const [target, type, listener, options] of listeners) target.removeEventListener(type, listener, options);
    win.open = open;
  };
}
