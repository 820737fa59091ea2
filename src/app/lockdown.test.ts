import { installLockdown } from './lockdown';

let uninstall: () => void = () => undefined;
beforeEach(() => {
  uninstall = installLockdown(window);
  document.body.innerHTML = '';
});
afterEach(() => uninstall());

/** Dispatches `event` on `target` and says whether the browser's default action was cancelled. */
function cancelled(target: EventTarget, event: Event): boolean {
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  document.body.append(node);
  return node;
}

const click = (init: MouseEventInit = {}) => new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });

describe('kiosk lockdown', () => {
  it('no context menu, no text selection, nothing dragged out', () => {
    const text = element('p');
    expect(cancelled(text, new MouseEvent('contextmenu', { bubbles: true, cancelable: true }))).toBe(true);
    expect(cancelled(text, new Event('selectstart', { bubbles: true, cancelable: true }))).toBe(true);
    expect(cancelled(element('img'), new Event('dragstart', { bubbles: true, cancelable: true }))).toBe(true);
    expect(cancelled(element('a', { href: '/call' }), new Event('dragstart', { bubbles: true, cancelable: true }))).toBe(true);
  });

  it('a file or URL dropped on the screen does not replace the kiosk', () => {
    expect(cancelled(document.body, new Event('dragover', { bubbles: true, cancelable: true }))).toBe(true);
    expect(cancelled(document.body, new Event('drop', { bubbles: true, cancelable: true }))).toBe(true);
  });

  it("follows links on the kiosk's own origin only, never into a new window", () => {
    expect(cancelled(element('a', { href: '/resident-directory' }), click())).toBe(false);
    expect(cancelled(element('a', { href: 'https://example.org/' }), click())).toBe(true);
    expect(cancelled(element('a', { href: '//example.org/x' }), click())).toBe(true);
    expect(cancelled(element('a', { href: '/call', target: '_blank' }), click())).toBe(true);
    expect(cancelled(element('a', { href: '/call' }), click({ ctrlKey: true }))).toBe(true);
    expect(cancelled(element('a', { href: '/call', download: '' }), click())).toBe(true);
    expect(cancelled(element('a', { href: '/call' }), new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }))).toBe(true);
    // Something inside a link counts as the link.
    const inside = element('span');
    element('a', { href: 'https://example.org/' }).append(inside);
    expect(cancelled(inside, click())).toBe(true);
  });

  it('submits no form to another origin or window', () => {
    const submit = (form: HTMLFormElement, submitter: HTMLElement | null = null) =>
      cancelled(form, new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter }));
    expect(submit(element('form', { action: '/enter-code' }))).toBe(false);
    expect(submit(element('form', { action: 'https://example.org/steal' }))).toBe(true);
    expect(submit(element('form', { action: '/enter-code', target: '_blank' }))).toBe(true);
    const form = element('form', { action: '/enter-code' });
    const button = element('button', { formaction: 'https://example.org/' });
    form.append(button);
    expect(submit(form, button)).toBe(true);
  });

  it('window.open opens nothing, until the lockdown is removed', () => {
    const original = vi.fn(() => null);
    uninstall();
    window.open = original;
    uninstall = installLockdown(window);
    expect(window.open('https://example.org/')).toBeNull();
    expect(original).not.toHaveBeenCalled();
    uninstall();
    window.open('https://example.org/');
    expect(original).toHaveBeenCalled();
    uninstall = installLockdown(window);
  });

  it('no zoom by Ctrl with the wheel (a trackpad pinch) or with + - 0', () => {
    expect(cancelled(window, new WheelEvent('wheel', { cancelable: true, ctrlKey: true }))).toBe(true);
    expect(cancelled(window, new WheelEvent('wheel', { cancelable: true }))).toBe(false);
    for (const key of ['+', '-', '=', '0']) expect(cancelled(window, new KeyboardEvent('keydown', { key, ctrlKey: true, cancelable: true }))).toBe(true);
    expect(cancelled(window, new KeyboardEvent('keydown', { key: '0', cancelable: true }))).toBe(false);
  });
});
