import { propertyCoreStored } from './propertyCoreStored';
import { readDevice, readPropertyMeta } from './coreRecords';

describe("the answer's property and device records", () => {
  it('the device: flags in any spelling, ids as digits, the optional settings their default when missing, null or unreadable', () => {
    expect(readDevice({ id: '7', enable_numeric_codes: 1, enable_qr_codes: 'true', enable_resident_directory: null, photo_on_code_lock: 'maybe', offline_guest_code_hours: ' 168 ' })).toEqual({
      value: {
        id: 7,
        enable_numeric_codes: true,
        enable_qr_codes: true,
        enable_resident_directory: false,
        enable_call_manager: false,
        enable_video_calls: false,
        language: null,
        spoken_prompts: null,
        offline_guest_code_hours: 168,
        code_lock_cleared_at: null,
        photo_on_code_lock: false,
        enable_deliveries: false,
        visitor_messages: false,
      },
    });
    expect(readDevice({ id: 7, language: 'es-MX', spoken_prompts: '0', offline_guest_code_hours: -1, code_lock_cleared_at: ' 2026-11-28T09:00:00Z ', visitor_messages: 1 })).toMatchObject({
      value: { language: 'es', spoken_prompts: false, offline_guest_code_hours: null, code_lock_cleared_at: '2026-11-28T09:00:00Z', visitor_messages: true },
    });
  });

  it('a required field of the wrong kind makes the record bad, and says which', () => {
    expect(readDevice({ id: 7, enable_qr_codes: 'yes' })).toEqual({ problem: '.enable_qr_codes: not readable ("yes")' });
    expect(readDevice({ enable_qr_codes: true })).toEqual({ problem: '.id: not readable (undefined)' });
    expect(readDevice([])).toEqual({ problem: ': not an object ([])' });
    expect(readPropertyMeta({ id: 1, clubhouse_panel_id: { panel: 3 } })).toEqual({ problem: '.clubhouse_panel_id: not readable ({"panel":3})' });
  });

  it('the property: its name trimmed, an empty phone or panel none', () => {
    expect(readPropertyMeta({ id: '12', public_name: ' Maple Court ', phone: '', clubhouse_panel_id: '' })).toEqual({
      value: { id: 12, public_name: 'Maple Court', phone: null, clubhouse_panel_id: null },
    });
    expect(readPropertyMeta({ id: 12, phone: 5551234, clubhouse_panel_id: 3 })).toEqual({ value: { id: 12, public_name: '', phone: '5551234', clubhouse_panel_id: 3 } });
  });

  it('the stored property core reads them as the answer does: one that does not read is none, and logged', () => {
    const { state, problems } = propertyCoreStored.read({ property: { id: 1, public_name: 'Maple Court' }, device: { id: 7, enable_numeric_codes: 'on' }, standing: '10001', guests: '' });
    expect(state.property).toEqual({ id: 1, public_name: 'Maple Court', phone: null, clubhouse_panel_id: null });
    expect(state.device).toBeNull();
    expect(problems).toEqual(['propertyCore.device.enable_numeric_codes: not readable ("on")']);
  });
});
