import { localNetworkPermissions, localNetworkRefused } from './localNetworkAccess';

/** An engine's Permissions API that knows `states`' names and throws a TypeError for others, as Chromium does. */
function permissionsOf(states: Record<string, PermissionState>) {
  const asked: string[] = [];
  const query = vi.fn(async ({ name }: { name: string }) => {
    asked.push(name);
    const state = states[name];
    if (state === undefined) throw new TypeError(`The provided value '${name}' is not a valid enum value of type PermissionName.`);
    return { state } as PermissionStatus;
  });
  return { permissions: { query } as unknown as Pick<Permissions, 'query'>, asked };
}

describe('Local Network Access', () => {
  it('asks for the loopback permission for a socket on the panel itself, the local one for another address', () => {
    expect(localNetworkPermissions('ws://127.0.0.1:8787/hardware')).toEqual(['local-network-access', 'loopback-network']);
    expect(localNetworkPermissions('ws://localhost:8787/hardware')).toEqual(['local-network-access', 'loopback-network']);
    expect(localNetworkPermissions('ws://[::1]:8787/hardware')).toEqual(['local-network-access', 'loopback-network']);
    expect(localNetworkPermissions('ws://192.168.1.20:8787/hardware')).toEqual(['local-network-access', 'local-network']);
  });

  it('is refused when the engine says denied, under either name', async () => {
    expect(await localNetworkRefused(permissionsOf({ 'local-network-access': 'denied' }).permissions, 'ws://127.0.0.1:1/hardware')).toBe(true);
    const split = permissionsOf({ 'loopback-network': 'denied' });
    expect(await localNetworkRefused(split.permissions, 'ws://127.0.0.1:1/hardware')).toBe(true);
    expect(split.asked).toEqual(['local-network-access', 'loopback-network']);
  });

  it('is not refused while the engine would still ask, has allowed it, or has no such check', async () => {
    const states = { 'local-network-access': 'prompt', 'loopback-network': 'prompt', 'local-network': 'denied' } as const;
    expect(await localNetworkRefused(permissionsOf(states).permissions, 'ws://127.0.0.1:1/hardware')).toBe(false);
    expect(await localNetworkRefused(permissionsOf({ 'local-network-access': 'granted' }).permissions, 'ws://127.0.0.1:1/hardware')).toBe(false);
    expect(await localNetworkRefused(permissionsOf({}).permissions, 'ws://127.0.0.1:1/hardware')).toBe(false);
    expect(await localNetworkRefused(undefined, 'ws://127.0.0.1:1/hardware')).toBe(false);
  });
});
