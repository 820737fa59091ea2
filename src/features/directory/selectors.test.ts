import { notificationPushed } from '../notifications/notificationsSlice';
import { parsePropertyResponse } from '../property/parsePropertyResponse';
import { propertyLoaded } from '../property/propertySlice';
import { withApiServer } from '../../testing/apiServer';
import { createTestServices } from '../../testing/fakeServices';
import { rawProperty } from '../../testing/fixtures';
import { storeWithProperty } from '../../testing/renderKiosk';
import { selectDirectory, selectHeadingRows, selectNameIndex, selectPagedRows } from './selectors';

withApiServer();

describe('directory selectors', () => {
  it('derive the directory once per property load, not per read or unrelated change', () => {
    const store = storeWithProperty(createTestServices());
    onTestFinished(() => store.dispose());
    const before = selectDirectory.recomputations();
    const first = selectDirectory(store.getState());
    const rows = selectPagedRows(store.getState(), 10);
    const headings = selectHeadingRows(store.getState());
    expect([...headings]).toEqual([['A', 0]]);
    store.dispatch(notificationPushed({ status: 'SUCCESS', title: 'unrelated' }));
    expect(selectDirectory(store.getState())).toBe(first);
    expect(selectPagedRows(store.getState(), 10)).toBe(rows);
    expect(selectHeadingRows(store.getState())).toBe(headings);
    expect(selectDirectory.recomputations() - before).toBe(1);

    // The name search's index: built on its first read, then kept until the property changes.
    const index = selectNameIndex(store.getState());
    store.dispatch(notificationPushed({ status: 'SUCCESS', title: 'unrelated' }));
    expect(selectNameIndex(store.getState())).toBe(index);

    const parsed = parsePropertyResponse(rawProperty());
    store.dispatch(propertyLoaded({ data: parsed.data, twimlToken: null }));
    expect(selectDirectory(store.getState())).not.toBe(first);
    expect(selectDirectory.recomputations() - before).toBe(2);
    expect(selectNameIndex(store.getState())).not.toBe(index);
  });
});
