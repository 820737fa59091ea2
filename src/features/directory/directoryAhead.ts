import { whenIdle } from '../../lib/afterFirstScreen';
import { createListeners } from '../../lib/listeners';
import { inNextTask } from '../../lib/nextTask';
import type { Resident } from '../property/types';
import { directorySteps, finishSteps, type Directory } from './directoryModel';

/** The longest run of the build's steps in one task: a key pressed meanwhile waits about this long at most. */
export const SLICE_MS = 4;

/** Directories built, and builds under way, by the residents array they are of (one per property load). */
const built = new WeakMap<readonly Resident[], Directory>();
const building = new WeakMap<readonly Resident[], Generator<void, Directory>>();
/** Told when a build in idle time ends (the directory rendered ahead waits for it). */
const buildEnded = createListeners();

/** Whether `residents`' directory is built: directoryOf gives it at once. */
export const isDirectoryBuilt = (residents: readonly Resident[]): boolean => built.has(residents);

/** Calls a listener each time a build in idle time ends; returns what stops it. */
export const onDirectoryBuilt = buildEnded.subscribe;

/** The directory of `residents`: the one built ahead, or the rest of its build, or all of it, now. */
export function directoryOf(residents: readonly Resident[]): Directory {
  const ready = built.get(residents);
  if (ready) return ready;
  const steps = building.get(residents) ?? directorySteps(residents);
  building.delete(residents);
  const directory = finishSteps(steps);
  built.set(residents, directory);
  return directory;
}

/**
 * Builds the directory of `residents` in the page's idle time, a few
 * milliseconds a task, so the key that opens the directory (DOWN or UP on a
 * button panel) does not sort the residents. While an idle period lasts, its
 * slices follow one another in tasks of their own (a key press or a frame
 * comes between): one slice an idle period had the build of 5,000 residents
 * end two seconds after a reload, where a visitor's first key met its end.
 * Returns what stops it (the directory is then built when it opens).
 */
export function buildDirectoryAhead(residents: readonly Resident[], win: Window = window): () => void {
  if (built.has(residents) || building.has(residents)) return () => undefined;
  const steps = directorySteps(residents);
  building.set(residents, steps);
  const run = (deadline?: IdleDeadline) => {
    // Opened meanwhile: directoryOf took the rest of the build.
    if (building.get(residents) !== steps) return;
    const until = win.performance.now() + SLICE_MS;
    try {
      for (let step = steps.next(); ; step = steps.next()) {
        if (step.done) {
          built.set(residents, step.value);
          building.delete(residents);
          buildEnded.notify();
          return;
        }
        if (win.performance.now() >= until) break;
      }
    } catch {
      // Residents of a shape nobody expected: the directory's selector falls back when it opens.
      building.delete(residents);
      return;
    }
    stop = deadline && deadline.timeRemaining() > SLICE_MS ? inNextTask(() => run(deadline)) : whenIdle(run, win);
  };
  let stop = whenIdle(run, win);
  return () => {
    stop();
    if (building.get(residents) === steps) building.delete(residents);
  };
}
