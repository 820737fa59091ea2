import { rawProperty } from '../../testing/fixtures';
import { parsePropertyResponse } from '../property/parsePropertyResponse';
import { codeEntryFromHome, DELIVERY_DIRECTORY, directoryHint, hasGuidance, homeKeyTarget, homeLinks } from './homeLinks';

// A device with every feature on, and a property with a phone.
const { device: everyFeature, property } = parsePropertyResponse(rawProperty()).data;
const ALL = { enterCode: true, scanQr: true, directory: true, callManager: true, delivery: false };
const NONE = { enterCode: false, scanQr: false, directory: false, callManager: false, delivery: false };

describe('homeLinks', () => {
  it("shows each link the device's flags enable", () => {
    expect(homeLinks(everyFeature, property, true)).toEqual(ALL);
    expect(homeLinks({ ...everyFeature, enable_qr_codes: false, enable_call_manager: false }, property, true)).toEqual({
      ...ALL,
      scanQr: false,
      callManager: false,
    });
  });

  it('hides the directory and the manager offline, not code entry or the QR scan', () => {
    expect(homeLinks(everyFeature, property, false)).toEqual({ ...ALL, directory: false, callManager: false });
  });

  it('offers the manager only with a phone number', () => {
    expect(homeLinks(everyFeature, { ...property, phone: null }, true).callManager).toBe(false);
    expect(homeLinks(everyFeature, null, true).callManager).toBe(false);
  });

  it('shows nothing before the device is known', () => {
    expect(homeLinks(null, property, true)).toEqual(NONE);
  });
});

describe('the Delivery link (enable_deliveries)', () => {
  // The device record as parsed: the field absent is false, a flag in any spelling is read by the schema.
  const withField = (raw: unknown) => parsePropertyResponse(rawProperty({ device: { ...rawProperty().device, enable_deliveries: raw } })).data.device;

  it('absent, null or off: no Delivery link, and every other link as before', () => {
    expect(homeLinks(everyFeature, property, true)).toEqual(ALL);
    for (const raw of [null, false, 0, '0', 'maybe']) expect(homeLinks(withField(raw), property, true)).toEqual(ALL);
  });

  it.each([true, 1, '1', 'true'])('on (%j): the Delivery link, online only', (raw) => {
    expect(homeLinks(withField(raw), property, true)).toEqual({ ...ALL, delivery: true });
    expect(homeLinks(withField(raw), property, false).delivery).toBe(false);
  });

  it('goes to the directory picking whom a delivery is for', () => {
    expect(DELIVERY_DIRECTORY).toBe('/resident-directory?reason=delivery');
  });
});

describe('homeKeyTarget: the panel buttons on home', () => {
  it('without the Delivery link, as SPEC says: UP or DOWN the directory, GO the QR scan, BACK the manager', () => {
    expect(['UP', 'DOWN', 'GO', 'BACK', 'SPACE', '5'].map((button) => homeKeyTarget(button as never, ALL))).toEqual([
      '/resident-directory',
      '/resident-directory',
      '/scan-qr',
      '/call',
      null,
      null,
    ]);
  });

  it('with the Delivery link, DOWN opens it and UP stays the directory', () => {
    const links = { ...ALL, delivery: true };
    expect([homeKeyTarget('UP', links), homeKeyTarget('DOWN', links)]).toEqual(['/resident-directory', DELIVERY_DIRECTORY]);
    expect([homeKeyTarget('UP', { ...NONE, delivery: true }), homeKeyTarget('DOWN', { ...NONE, delivery: true })]).toEqual([null, DELIVERY_DIRECTORY]);
  });

  it('opens nothing whose link is hidden', () => {
    expect(['UP', 'DOWN', 'GO', 'BACK'].map((button) => homeKeyTarget(button as never, NONE))).toEqual([null, null, null, null]);
  });

  it("the directory link's hint names DOWN only while DOWN opens the directory", () => {
    const labels = { up: '▲', down: '▼' };
    expect(directoryHint(labels, ALL)).toBe('▲ ▼');
    expect(directoryHint(labels, { ...ALL, delivery: true })).toBe('▲');
  });
});

describe('hasGuidance', () => {
  it('is true while any link shows', () => {
    expect(hasGuidance(NONE)).toBe(false);
    expect(hasGuidance({ ...NONE, callManager: true })).toBe(true);
  });
});

describe('codeEntryFromHome', () => {
  const on = { enable_numeric_codes: true };
  const home = { device: on, notificationShowing: false, codesLocked: false };
  it.each([
    ['a digit', '7', home, { typed: '7' }],
    ['0', '0', home, { typed: '0' }],
    ['a digit while codes are locked (code entry says why)', '7', { ...home, codesLocked: true }, { typed: null }],
    ['a digit under a notification', '7', { ...home, notificationShowing: true }, null],
    ['a digit with numeric codes off', '7', { ...home, device: { enable_numeric_codes: false } }, null],
    ['a digit with the flag not exactly true', '7', { ...home, device: { enable_numeric_codes: 1 } }, null],
    ['a digit before the device is known', '7', { ...home, device: null }, null],
    ['GO', 'GO', home, null],
    ['UP', 'UP', home, null],
    ['BACK', 'BACK', home, null],
    ['SPACE', 'SPACE', home, null],
  ] as const)('%s: %j', (_name, button, at, opens) => {
    expect(codeEntryFromHome(button, at)).toEqual(opens);
  });

  it('opens code entry exactly where its link shows', () => {
    for (const enable_numeric_codes of [true, false]) {
      const device = { ...everyFeature, enable_numeric_codes };
      expect(codeEntryFromHome('5', { device, notificationShowing: false, codesLocked: false }) !== null).toBe(homeLinks(device, property, true).enterCode);
    }
  });
});
