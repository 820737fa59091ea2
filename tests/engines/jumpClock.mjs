// A page clock that runs in real time and can jump ahead, for the engines
// tier's long waits (a call's 30 s before the phone and 300 s limit): what
// Playwright's page.clock.fastForward gives e2e, on engines Playwright cannot
// drive. Installed after load (WebDriver runs no script before the page's),
// so it moves only the timers set from then on, and `Date.now`; those set
// before (the kiosk's polls, begun at start) keep real time.

/** Installs the clock in the page; `window.__jumpClock(ms)` then jumps. */
export const INSTALL_JUMP_CLOCK = `(() => {
  if (window.__jumpClock) return;
  const realNow = Date.now.bind(Date);
  const { setTimeout: realSet, clearTimeout: realClear, clearInterval: realClearInterval } = window;
  let offset = 0;
  // Ids far above the engine's own, so that clearing a timer set before the install still reaches the engine.
  let nextId = 1e9;
  const timers = new Map();
  const now = () => realNow() + offset;
  const arm = (id, timer) => { timer.real = realSet(() => fire(id), Math.max(0, timer.due - now())); };
  function fire(id) {
    const timer = timers.get(id);
    if (!timer) return;
    if (timer.every === undefined) timers.delete(id);
    else {
      timer.due = now() + timer.every;
      arm(id, timer);
    }
    timer.run();
  }
  const add = (run, delay, repeat) => {
    const ms = Math.max(0, Number(delay) || 0);
    const id = (nextId += 1);
    const timer = { run, due: now() + ms, every: repeat ? ms : undefined };
    timers.set(id, timer);
    arm(id, timer);
    return id;
  };
  const clear = (id) => {
    const timer = timers.get(id);
    if (!timer) return void (realClear(id), realClearInterval(id));
    realClear(timer.real);
    timers.delete(id);
  };
  window.setTimeout = (handler, delay, ...args) => add(() => handler(...args), delay, false);
  window.setInterval = (handler, delay, ...args) => add(() => handler(...args), delay, true);
  window.clearTimeout = clear;
  window.clearInterval = clear;
  Date.now = now;
  // The jump waits for a task of its own: the script that asks for it has a timer of WebKitWebDriver's
  // (its script timeout), cleared only once the script has answered.
  window.__jumpClock = (ms) => void realSet(() => {
    offset += ms;
    for (const [id, timer] of [...timers]) {
      if (timer.due > now() || !timers.has(id)) continue;
      realClear(timer.real);
      fire(id);
    }
  }, 0);
})()`;

/**
 * Moves the page's clock `ms` ahead, in the page's next task: each timer due
 * by then runs once, as page.clock.fastForward does. A caller waits for what
 * the jump brings about.
 */
export const jumpClock = (page, ms) => page.evaluate(`window.__jumpClock(${Number(ms)})`);
