import { fireEvent } from '@testing-library/react';

/** A finger on a touch panel, as Chromium reports it: pointer and touch events, then the click. */
export function tap(element: Element): void {
  fireEvent.pointerDown(element, { pointerType: 'touch', isPrimary: true });
  fireEvent.touchStart(element);
  fireEvent.pointerUp(element, { pointerType: 'touch', isPrimary: true });
  fireEvent.touchEnd(element);
  fireEvent.click(element);
}
