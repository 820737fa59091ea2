import { rawProperty } from '../../testing/fixtures';
import { parsePropertyResponse } from '../property/parsePropertyResponse';
import { hasGuidance, homeLinks } from './homeLinks';

// A device with every feature on, and a property with a phone.
const { device: everyFeature, property } = parsePropertyResponse(rawProperty()).data;
const ALL = { enterCode: true, scanQr: true, directory: true, callManager: true };
const NONE = { enterCode: false, scanQr: false, directory: false, callManager: false };

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

describe('hasGuidance', () => {
  it('is true while any link shows', () => {
    expect(hasGuidance(NONE)).toBe(false);
    expect(hasGuidance({ ...NONE, callManager: true })).toBe(true);
  });
});
