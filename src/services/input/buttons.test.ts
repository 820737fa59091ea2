import { keyToButton } from './buttons';
import { createButtonSource } from './buttonSource';
import { fakeGamepad } from '../../testing/fakeGamepad';

const key = (k: string, mods: Partial<Record<'metaKey' | 'ctrlKey' | 'altKey', boolean>> = {}) =>
  keyToButton({ key: k, metaKey: false, ctrlKey: false, altKey: false, ...mods });

describe('keyboard mapping', () => {
  it.each([
    ['Enter', 'GO'],
    ['ArrowRight', 'GO'],
    ['#', 'GO'],
    ['Escape', 'BACK'],
    ['ArrowLeft', 'BACK'],
    ['*', 'BACK'],
    ['PageUp', 'UP'],
    ['ArrowUp', 'UP'],
    ['PageDown', 'DOWN'],
    ['ArrowDown', 'DOWN'],
    [' ', 'SPACE'],
    ['0', '0'],
    ['9', '9'],
  ])('%j is %s', (k, button) => expect(key(k)).toBe(button));

  it('ignores unknown keys and presses with Meta, Ctrl or Alt', () => {
    expect(key('a')).toBeNull();
    expect(key('F5')).toBeNull();
    expect(key('Enter', { metaKey: true })).toBeNull();
    expect(key('1', { ctrlKey: true })).toBeNull();
    expect(key('ArrowUp', { altKey: true })).toBeNull();
  });
});

describe('button source', () => {
  it('maps gamepad buttons 0-3 to UP, GO, DOWN, BACK, one event per press', () => {
    const { pad, tick } = fakeGamepad();
    const seen: string[] = [];
    const unsubscribe = createButtonSource(window).subscribe((b) => seen.push(b));
    pad.buttons.forEach((b) => (b.pressed = true));
    tick();
    tick();
    pad.buttons.forEach((b) => (b.pressed = false));
    tick();
    (pad.buttons[1] as { pressed: boolean }).pressed = true;
    tick();
    expect(seen).toEqual(['UP', 'GO', 'DOWN', 'BACK', 'GO']);
    unsubscribe();
  });

  it('stops listening and polling when the last subscriber leaves', () => {
    const { tick, frames } = fakeGamepad();
    const seen: string[] = [];
    const unsubscribe = createButtonSource(window).subscribe((b) => seen.push(b));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    unsubscribe();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    tick();
    expect(seen).toEqual(['GO']);
    expect(frames).toHaveLength(0);
    expect(window.cancelAnimationFrame).toHaveBeenCalled();
  });

  it('ignores auto-repeated key presses', () => {
    const seen: string[] = [];
    const unsubscribe = createButtonSource(window).subscribe((b) => seen.push(b));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '5' }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: '5', repeat: true }));
    unsubscribe();
    expect(seen).toEqual(['5']);
  });
});
