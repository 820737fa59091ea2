import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { Link, MemoryRouter, Navigate, PageRouter, useLocation, useNavigate, useSearchParams, useWriteAddress, writePendingAddresses } from './pageAddress';

function Where() {
  const { pathname, search } = useLocation();
  const params = useSearchParams();
  const navigate = useNavigate();
  return (
    <>
      <output>{pathname + search}</output>
      <span data-testid="resident">{params.get('resident') ?? ''}</span>
      <Link to="/enter-code?initialCode=1">Enter a code</Link>
      <button onClick={() => navigate('/scan-qr', { replace: true })}>scan</button>
    </>
  );
}

const here = () => window.location.pathname + window.location.search;

/** Writes an address without rendering it, as a screen drawn ahead of React does; `cancels` gets what cancels each. */
function Writer({ cancels }: { cancels: (() => void)[] }) {
  const write = useWriteAddress();
  return <button onClick={() => cancels.push(write('/enter-code?initialCode=4'))}>write</button>;
}

describe('the page address', () => {
  beforeEach(() => window.history.replaceState(null, '', '/call?resident=7'));

  it('reads the page address and its query', () => {
    render(<PageRouter><Where /></PageRouter>);
    expect(screen.getByRole('status')).toHaveTextContent('/call?resident=7');
    expect(screen.getByTestId('resident')).toHaveTextContent('7');
  });

  it('a link adds an address in the page; navigate can replace it; the browser going back is followed', async () => {
    const before = window.history.length;
    render(<PageRouter><Where /></PageRouter>);
    fireEvent.click(screen.getByRole('link', { name: 'Enter a code' }));
    // The screen at once, its address after the frame that shows it.
    expect(screen.getByRole('status')).toHaveTextContent('/enter-code?initialCode=1');
    expect(here()).toBe('/call?resident=7');
    await waitFor(() => expect(here()).toBe('/enter-code?initialCode=1'));
    expect(window.history.length).toBe(before + 1);

    fireEvent.click(screen.getByRole('button', { name: 'scan' }));
    await waitFor(() => expect(here()).toBe('/scan-qr'));
    expect(window.history.length).toBe(before + 1);

    act(() => {
      window.history.replaceState(null, '', '/resident-directory');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('status')).toHaveTextContent('/resident-directory');
  });

  it('the browser going to another entry drops the addresses still waiting, which would overwrite it', async () => {
    render(<PageRouter><Where /></PageRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'scan' }));
    act(() => {
      window.history.pushState(null, '', '/resident-directory');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(here()).toBe('/resident-directory');
    expect(screen.getByRole('status')).toHaveTextContent('/resident-directory');
  });

  it('replacing the address with the one it already is writes nothing (the layers wrote it)', async () => {
    window.history.replaceState(null, '', '/scan-qr');
    render(<PageRouter><Where /></PageRouter>);
    const replaced = vi.spyOn(window.history, 'replaceState');
    fireEvent.click(screen.getByRole('button', { name: 'scan' }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(replaced).not.toHaveBeenCalled();
    expect(here()).toBe('/scan-qr');
    replaced.mockRestore();
  });

  it('Navigate replaces the address once, also under StrictMode', async () => {
    const before = window.history.length;
    function Away() {
      return useLocation().pathname === '/' ? <p>home</p> : <Navigate to="/" replace />;
    }
    render(<StrictMode><PageRouter><Away /></PageRouter></StrictMode>);
    expect(screen.getByText('home')).toBeInTheDocument();
    await waitFor(() => expect(here()).toBe('/'));
    expect(window.history.length).toBe(before);
  });

  it('two screens opened in one frame leave their addresses in that order', async () => {
    const before = window.history.length;
    render(<PageRouter><Where /></PageRouter>);
    fireEvent.click(screen.getByRole('link', { name: 'Enter a code' }));
    fireEvent.click(screen.getByRole('button', { name: 'scan' }));
    await waitFor(() => expect(here()).toBe('/scan-qr'));
    expect(window.history.length).toBe(before + 1);
  });

  it('writes the addresses still waiting for their frame at once when asked (before a reload), and not again', async () => {
    const before = window.history.length;
    render(<PageRouter><Where /></PageRouter>);
    fireEvent.click(screen.getByRole('link', { name: 'Enter a code' }));
    fireEvent.click(screen.getByRole('button', { name: 'scan' }));
    expect(here()).toBe('/call?resident=7');
    writePendingAddresses();
    expect(here()).toBe('/scan-qr');
    expect(window.history.length).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(here()).toBe('/scan-qr');
    expect(window.history.length).toBe(before + 1);
  });

  it('stops following the browser once unmounted, and writes no address after', async () => {
    const view = render(<PageRouter><Where /></PageRouter>);
    const removed = vi.spyOn(window, 'removeEventListener');
    fireEvent.click(screen.getByRole('link', { name: 'Enter a code' }));
    view.unmount();
    expect(removed).toHaveBeenCalledWith('popstate', expect.any(Function));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(here()).toBe('/call?resident=7');
  });

  it('writes an address without rendering it: after the frame, at once before a reload, not once cancelled; never in memory', async () => {
    const before = window.history.length;
    const cancels: (() => void)[] = [];
    const view = render(<PageRouter><Where /><Writer cancels={cancels} /></PageRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'write' }));
    expect(screen.getByRole('status')).toHaveTextContent('/call?resident=7');
    await waitFor(() => expect(here()).toBe('/enter-code?initialCode=4'));
    expect(window.history.length).toBe(before + 1);

    fireEvent.click(screen.getByRole('button', { name: 'write' }));
    writePendingAddresses();
    expect(window.history.length).toBe(before + 2);

    window.history.replaceState(null, '', '/');
    fireEvent.click(screen.getByRole('button', { name: 'write' }));
    expect(cancels).toHaveLength(3);
    cancels.forEach((cancel) => cancel());
    writePendingAddresses();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(here()).toBe('/');
    expect(window.history.length).toBe(before + 2);
    // The screen rendered stays what it was: the address alone was written.
    expect(screen.getByRole('status')).toHaveTextContent('/call?resident=7');
    view.unmount();

    render(<MemoryRouter route="/"><Writer cancels={cancels} /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'write' }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(here()).toBe('/');
  });
});
