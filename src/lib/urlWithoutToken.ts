/** The address without the device token, so it neither sits in the visible URL nor leaves the page (the hardware socket's `detectUrl`). */
export function urlWithoutToken(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('token');
  return url.toString();
}
