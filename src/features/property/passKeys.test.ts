import { parsePropertyResponse } from './parsePropertyResponse';

const key = { kty: 'EC', crv: 'P-256', x: 'u3aMbikisKe5NOZ45cajryrnBZIiQtVqUK-r6xtxwPE', y: 'OvdKvzynkLiYS2chz5TZ2eHYgMeyXvSB9HC56eYhebk', kid: 'key-a' };
const answer = (extra: Record<string, unknown>) => ({ property: { id: 7 }, device: { id: 1 }, residents: [], property_staff: [], property_guests: [], unitGuests: [], ...extra });

describe('the property data’s pass fields', () => {
  it('are absent when the back end sends none', () => {
    const { data } = parsePropertyResponse(answer({}));
    expect(data).not.toHaveProperty('pass_keys');
    expect(data).not.toHaveProperty('revoked_passes');
  });

  it('keep the keys that are P-256 JWKs and name each other one as a problem', () => {
    const parsed = parsePropertyResponse(answer({ pass_keys: [key, { ...key, crv: 'P-384', kid: 'bad' }], revoked_passes: ['pass-1', 2] }));
    expect(parsed.data.pass_keys).toEqual([key]);
    expect(parsed.data.revoked_passes).toEqual(['pass-1']);
    expect(parsed.problems).toEqual([expect.stringMatching(/^pass_keys\[1\]\.crv: /)]);
  });
});
