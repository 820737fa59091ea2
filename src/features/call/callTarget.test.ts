import { parsePropertyResponse } from '../property/parsePropertyResponse';
import { rawProperty } from '../../testing/fixtures';
import { callTargetFromQuery, describeTarget, isDeliveryCall } from './callTarget';

const data = (overrides: Record<string, unknown> = {}) => parsePropertyResponse(rawProperty(overrides)).data;
const base = rawProperty();
const resident = base.residents[0]!;

describe('call targets', () => {
  it('reads the query: none is the manager, "test" the test call, anything else a resident id', () => {
    expect(callTargetFromQuery(null)).toEqual({ kind: 'manager' });
    expect(callTargetFromQuery('test')).toEqual({ kind: 'test' });
    expect(callTargetFromQuery('11')).toEqual({ kind: 'resident', residentId: '11' });
    expect(callTargetFromQuery('')).toEqual({ kind: 'resident', residentId: '' });
  });

  it("a resident: '+' country code and phone, video when both the resident and the device allow it, their own code", () => {
    expect(describeTarget({ kind: 'resident', residentId: '11' }, data())).toEqual({
      key: '11',
      residentId: 11,
      name: 'Aaron Abbott',
      number: '+15555550111',
      video: true,
      gateCode: '10001',
    });
    const noResidentVideo = data({ residents: [{ ...resident, user_enabled_video_calls: false }] });
    expect(describeTarget({ kind: 'resident', residentId: '11' }, noResidentVideo)?.video).toBe(false);
    const noDeviceVideo = data({ device: { ...base.device, enable_video_calls: false } });
    expect(describeTarget({ kind: 'resident', residentId: '11' }, noDeviceVideo)?.video).toBe(false);
  });

  it("a resident without an access code approves with their first credential, or with none", () => {
    const credentialOnly = data({ residents: [{ ...resident, property_access_code: null, property_credentials: [{ code: '12345' }] }] });
    expect(describeTarget({ kind: 'resident', residentId: '11' }, credentialOnly)?.gateCode).toBe('12345');
    const noCode = data({ residents: [{ ...resident, property_access_code: null, property_credentials: [] }] });
    expect(describeTarget({ kind: 'resident', residentId: '11' }, noCode)?.gateCode).toBeNull();
  });

  it("the manager: '+1' and the property phone, the device's video flag, the first staff member with a code", () => {
    const staff = [
      { id: 1, property_access_code: null, property_credentials: [] },
      { id: 2, property_access_code: { code: '20002' }, property_credentials: [] },
    ];
    expect(describeTarget({ kind: 'manager' }, data({ property_staff: staff }))).toEqual({
      key: 'manager',
      residentId: null,
      name: 'a Manager',
      number: '+15555550100',
      video: true,
      gateCode: '20002',
    });
    expect(describeTarget({ kind: 'manager' }, data({ property_staff: [] }))?.gateCode).toBeNull();
  });

  it('finds a resident among many by id, the first of a repeated id, and a new list afresh', () => {
    const many = data({ residents: [...Array.from({ length: 2000 }, (_, i) => ({ ...resident, id: 1000 + i, directory_display_name: `R${i}` })), { ...resident, id: 1005, directory_display_name: 'Twin' }] });
    expect(describeTarget({ kind: 'resident', residentId: '2999' }, many)?.name).toBe('R1999');
    expect(describeTarget({ kind: 'resident', residentId: '1005' }, many)?.name).toBe('R5');
    expect(describeTarget({ kind: 'resident', residentId: '1005' }, data())).toBeNull();
  });

  it('cannot call an unknown resident or a manager without a phone', () => {
    expect(describeTarget({ kind: 'resident', residentId: '999' }, data())).toBeNull();
    expect(describeTarget({ kind: 'resident', residentId: '<script>' }, data())).toBeNull();
    expect(describeTarget({ kind: 'manager' }, data({ property: { ...base.property, phone: null } }))).toBeNull();
  });

  it('the test call hides who it calls and opens nothing by itself', () => {
    expect(describeTarget({ kind: 'test' }, data())).toMatchObject({ key: 'test', residentId: 'test', name: 'a resident', gateCode: null });
  });
});

describe('a delivery call (`&reason=delivery`)', () => {
  const resident = { kind: 'resident', residentId: '11' } as const;
  it('is one only to a resident, with the reason, while the device record allows deliveries', () => {
    expect(isDeliveryCall('delivery', resident, true)).toBe(true);
    expect(isDeliveryCall('delivery', resident, false)).toBe(false);
    expect(isDeliveryCall(null, resident, true)).toBe(false);
    expect(isDeliveryCall('other', resident, true)).toBe(false);
    expect(isDeliveryCall('delivery', { kind: 'manager' }, true)).toBe(false);
    expect(isDeliveryCall('delivery', { kind: 'test' }, true)).toBe(false);
  });
});
