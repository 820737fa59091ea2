import { parseEngine, type Engine } from './engine';

let last: { userAgent: string; engine: Engine } | null = null;

/**
 * The engine of the browser's user agent, parsed once: the fault reports and
 * the installer screen ask again and again. Loaded after the first screen,
 * which needs no engine.
 */
export function engineOf(userAgent: string): Engine {
  if (last?.userAgent !== userAgent) last = { userAgent, engine: parseEngine(userAgent) };
  return last.engine;
}
