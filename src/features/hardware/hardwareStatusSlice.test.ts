import { hardwareStatusChanged, hardwareStatusSlice, selectHardwareSocket } from './hardwareStatusSlice';

const reduce = hardwareStatusSlice.reducer;

function socketAfter(...changes: Parameters<typeof hardwareStatusChanged>[0][]) {
  const state = changes.reduce((current, change) => reduce(current, hardwareStatusChanged(change)), reduce(undefined, { type: 'init' }));
  return selectHardwareSocket({ hardwareStatus: state });
}

describe('hardwareStatusSlice', () => {
  it('is connecting, since nothing, until the socket first says something', () => {
    expect(socketAfter()).toEqual({ state: 'connecting', since: null });
  });

  it('keeps the time a state began however often it is said again; a new state takes its own time', () => {
    const down = { status: { state: 'down' as const }, at: 1_000 };
    expect(socketAfter(down, { ...down, at: 31_000 }, { ...down, at: 61_000 })).toEqual({ state: 'down', since: 1_000 });
    expect(socketAfter(down, { ...down, at: 31_000 }, { status: { state: 'connected' }, at: 61_000 })).toEqual({ state: 'connected', since: 61_000 });
    expect(socketAfter({ status: { state: 'silent', method: 'wiegand' }, at: 5_000 })).toEqual({ state: 'silent', method: 'wiegand', since: 5_000 });
  });
});
