/**
 * Local Network Access: Chromium refuses a page on a public origin its
 * connections to loopback and private addresses unless a person or a policy
 * allows them. A refused WebSocket looks like any other failed one (close code
 * 1006); what tells them apart is the permission, which reads 'denied' once
 * the engine has refused a connection (and 'prompt' before, or where the
 * check is off). Chromium has named it `local-network-access`, and since
 * split it per address space (`loopback-network`, `local-network`).
 */

/** Loopback hosts: the page needs `loopback-network` to reach them, any other local address `local-network`. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^127\./.test(hostname) || hostname === '[::1]';
}

/** The permissions that would let this page reach `socketUrl`, broadest first. */
export function localNetworkPermissions(socketUrl: string): string[] {
  return ['local-network-access', isLoopback(new URL(socketUrl).hostname) ? 'loopback-network' : 'local-network'];
}

/**
 * Whether the engine says it refuses this page the socket's address: one of
 * the permissions reads 'denied'. An engine without them (older Chromium,
 * WebKit) or without the Permissions API refuses nothing this way.
 */
export async function localNetworkRefused(permissions: Pick<Permissions, 'query'> | undefined, socketUrl: string): Promise<boolean> {
  if (!permissions) return false;
  for (const name of localNetworkPermissions(socketUrl)) {
    try {
      // Not in TypeScript's list of permission names yet.
      const status = await permissions.query({ name } as unknown as PermissionDescriptor);
      if (status.state === 'denied') return true;
    } catch {
      // This engine does not know the name (a TypeError): it has no such check.
    }
  }
  return false;
}
