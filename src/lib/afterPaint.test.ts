import { FRAME_TIMEOUT_MS } from './afterFirstScreen';
import { createAfterPaint } from './afterPaint';

/** The page's frames and timers, as the fake timers play them. */
const page = () => ({ requestAnimationFrame, cancelAnimationFrame, setTimeout, clearTimeout }) as unknown as Window;

describe('afterPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the work asked for in the task after the next frame, in the order asked for', () => {
    const done: string[] = [];
    const afterPaint = createAfterPaint(vi.fn(), page());
    afterPaint.run(() => done.push('access request'));
    afterPaint.run(() => done.push('sound'));
    expect(done).toEqual([]);
    vi.advanceTimersToNextFrame();
    expect(done).toEqual([]);
    // The next task (the fake timers run a 0 ms timeout set while they tick a millisecond later).
    vi.advanceTimersByTime(1);
    expect(done).toEqual(['access request', 'sound']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('work asked for by the work after a frame waits for the frame after that', () => {
    const done: string[] = [];
    const afterPaint = createAfterPaint(vi.fn(), page());
    afterPaint.run(() => {
      done.push('notification');
      afterPaint.run(() => done.push('access request'));
    });
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(done).toEqual(['notification']);
    vi.advanceTimersToNextFrame();
    expect(done).toEqual(['notification']);
    vi.advanceTimersByTime(1);
    expect(done).toEqual(['notification', 'access request']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs once a frame is overdue: a page that is not shown paints none', () => {
    const done = vi.fn();
    const hidden = { ...page(), requestAnimationFrame: () => 1 } as Window;
    createAfterPaint(vi.fn(), hidden).run(done);
    vi.advanceTimersByTime(FRAME_TIMEOUT_MS - 1);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledOnce();
  });

  it('flush runs the waiting work at once, work asked for meanwhile included, and leaves no frame or timer waiting', () => {
    const done: string[] = [];
    const afterPaint = createAfterPaint(vi.fn(), page());
    afterPaint.run(() => {
      done.push('first');
      afterPaint.run(() => done.push('asked for by the first'));
    });
    afterPaint.flush();
    expect(done).toEqual(['first', 'asked for by the first']);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersToNextFrame();
    vi.runAllTimers();
    expect(done).toHaveLength(2);
  });

  it('a work that fails is reported, and the work after it still runs', () => {
    const onError = vi.fn();
    const done = vi.fn();
    const afterPaint = createAfterPaint(onError, page());
    afterPaint.run(() => {
      throw new Error('sound player gone');
    });
    afterPaint.run(done);
    afterPaint.flush();
    expect(onError).toHaveBeenCalledWith(new Error('sound player gone'));
    expect(done).toHaveBeenCalledOnce();
  });
});
