import { isAccessCodePayload } from './qrPayload';

describe('isAccessCodePayload', () => {
  it.each(['12345', '00777'])('accepts %s', (value) => expect(isAccessCodePayload(value)).toBe(true));
  it.each(['1234', '123456', ' 12345', '12345\n', '1234a', 'https://example.com/12345', ''])('declines %j', (value) =>
    expect(isAccessCodePayload(value)).toBe(false),
  );
});
