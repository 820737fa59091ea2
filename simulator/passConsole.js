// The console's Passes section (docs/passes.md): issue a pass and show its QR
// code large enough to hold to the panel's camera, revoke a pass, rotate the
// signing key. The QR code is drawn by the simulator (POST /sim/passes,
// /sim/passes/qr) as a PNG data URL.

/**
 * @param {{ $: (id: string) => HTMLElement, el: Function, send: (path: string, body?: object) => Promise<any> }} ui
 * @returns {(state: object) => void} renders the passes of a /sim/state snapshot
 */
export function createPassConsole({ $, el, send }) {
  const show = ({ qr, text, jti }) => {
    if (!qr) return;
    $('pass-qr').src = qr;
    $('pass-qr').hidden = false;
    $('pass-qr-caption').textContent = `${jti}: ${text.startsWith('KP1:') ? 'compact' : 'JWS'}, ${text.length} characters`;
  };

  $('pass-form').onsubmit = async (e) => {
    e.preventDefault();
    const resident = $('pass-resident').value.trim();
    const issued = await send('passes', {
      name: $('pass-name').value,
      kind: $('pass-kind').value,
      hours: Number($('pass-hours').value),
      uses: $('pass-uses').value === '' ? undefined : Number($('pass-uses').value),
      residentId: resident === '' ? undefined : Number(resident),
      format: $('pass-format').value,
    });
    show({ ...issued, jti: issued.claims?.jti });
  };
  $('pass-rotate').onclick = () => send('passes/rotate-key', { retire: $('pass-retire').checked });

  const until = (exp) => new Date(exp * 1000).toLocaleString();
  return function renderPasses(state) {
    const revoked = state.property.revoked_passes ?? [];
    const kids = (state.property.pass_keys ?? []).map(({ kid }) => kid);
    $('pass-keys').textContent = `Published keys: ${kids.join(', ') || 'none'}`;
    $('pass-list').replaceChildren(...state.passes.slice().reverse().map(({ claims, kid, text }) => {
      const cancelled = revoked.includes(claims.jti);
      const retired = !kids.includes(kid);
      return el('li', {},
        `${claims.name} (${claims.kind}${claims.uses ? `, ${claims.uses} use${claims.uses === 1 ? '' : 's'}` : ''}) until ${until(claims.exp)} `,
        el('span', { className: 'muted' }, `${claims.jti}, ${kid}`),
        cancelled ? el('span', { className: 'denied' }, ' REVOKED') : null,
        retired ? el('span', { className: 'denied' }, ' KEY RETIRED') : null,
        ' ',
        el('button', { type: 'button', onclick: async () => show({ ...(await send('passes/qr', { jti: claims.jti })), text }) }, 'Show QR'),
        cancelled ? null : el('button', { type: 'button', onclick: () => send('passes/revoke', { jti: claims.jti }) }, 'Revoke'));
    }));
  };
}
