import { withApiServer } from '../../testing/apiServer';
import { expectPassUnchecked } from '../../testing/uncheckedPass';

// A page that is not a secure context needs the library, and its file cannot be fetched (offline, no service worker).
vi.mock('./nobleVerifier', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

withApiServer();

describe('a pass the panel has no verifier for', () => {
  beforeEach(() => vi.stubGlobal('isSecureContext', false));
  afterEach(() => vi.unstubAllGlobals());

  it('is told it could not be checked, queued as unchecked, not counted as a guess, and the gate stays shut', async () => {
    await expectPassUnchecked();
    expect(console.error).toHaveBeenCalledWith('The pass could not be checked: no verifier', expect.objectContaining({ feature: 'passes' }));
  });
});
