/**
 * Subscriptions for `useSyncExternalStore` countdowns: `everySecond` ticks
 * once a second until unsubscribed (one interval, cleared with it); `never`
 * for while nothing counts down.
 */
export const everySecond = (onTick: () => void): (() => void) => {
  const timer = setInterval(onTick, 1000);
  return () => clearInterval(timer);
};

export const never = (): (() => void) => () => undefined;
