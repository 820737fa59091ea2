import { withApiServer } from '../../testing/apiServer';
import { expectPassUnchecked } from '../../testing/uncheckedPass';

// The pass checker's chunk cannot be fetched (offline, the service worker without it).
vi.mock('./passJudge', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

withApiServer();

describe('a pass scanned when the pass checker cannot be loaded', () => {
  it('is told it could not be checked, queued as unchecked, not counted as a guess, and the gate stays shut; the failure is logged', async () => {
    await expectPassUnchecked();
    expect(console.error).toHaveBeenCalledWith('The pass could not be checked: its checker could not be loaded', expect.objectContaining({ feature: 'passes' }));
  });
});
