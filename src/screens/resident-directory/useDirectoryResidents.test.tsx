import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from '../../app/store';
import { buildDirectoryAhead, isDirectoryBuilt } from '../../features/directory/directoryAhead';
import { parsePropertyResponse } from '../../features/property/parsePropertyResponse';
import { propertyLoaded } from '../../features/property/propertySlice';
import { selectResidents } from '../../features/property/selectors';
import { OnTop } from '../../hooks/screenLayers';
import { createTestServices } from '../../testing/fakeServices';
import { rawPropertyWith } from '../../testing/fixtures';
import { storeWithProperty } from '../../testing/renderKiosk';
import { useDirectoryResidents } from './useDirectoryResidents';

function residentsOf(store: AppStore, shown: boolean) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <OnTop value={shown}>{children}</OnTop>
    </Provider>
  );
  return renderHook(() => useDirectoryResidents(), { wrapper });
}

/** A property load with `count` residents, as the kiosk's load dispatches it. */
const loadOf = (count: number) => propertyLoaded({ data: parsePropertyResponse(rawPropertyWith(count)).data, twimlToken: null });

describe('the residents the button directory renders', () => {
  it("rendered ahead: none until their directory is built in idle time; a new load waits for its own build, which the store's subscribers do not run", async () => {
    const store = storeWithProperty(createTestServices(), 'GEN2', rawPropertyWith(30));
    const first = selectResidents(store.getState());
    const hook = residentsOf(store, false);
    expect(hook.result.current).toEqual([]);
    const stops = [buildDirectoryAhead(first)];
    await vi.waitFor(() => expect(hook.result.current).toBe(first));

    act(() => store.dispatch(loadOf(40)));
    const second = selectResidents(store.getState());
    expect(second).toHaveLength(40);
    expect(hook.result.current).toBe(first);
    expect(isDirectoryBuilt(second)).toBe(false);
    stops.push(buildDirectoryAhead(second));
    await vi.waitFor(() => expect(hook.result.current).toBe(second));
    stops.forEach((stop) => stop());
    hook.unmount();
  });

  it('shown: the current residents, whether or not their directory is built', () => {
    const store = storeWithProperty(createTestServices(), 'GEN2', rawPropertyWith(30));
    const hook = residentsOf(store, true);
    expect(hook.result.current).toBe(selectResidents(store.getState()));
    act(() => store.dispatch(loadOf(40)));
    expect(hook.result.current).toHaveLength(40);
    expect(hook.result.current).toBe(selectResidents(store.getState()));
    hook.unmount();
  });
});
