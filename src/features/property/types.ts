import type * as v from 'valibot';
import type { PassKey } from './passKeys';
import type { Language } from '../../strings/catalogue';
import type { codeHolderSchema, residentSchema, unitGuestSchema } from './propertySchemas';

/** A resident: directory entry, call target and code holder. */
export type Resident = v.InferOutput<typeof residentSchema>;

/** Staff members and property guests carry codes the same way residents do, and no id (docs/rules.md#r3-1-5). */
export type CodeHolder = v.InferOutput<typeof codeHolderSchema>;

/** A unit guest's code opens the gate only while `active`. */
export type UnitGuest = v.InferOutput<typeof unitGuestSchema>;

/** The answer's `property` record, as read (coreRecords.ts). */
export interface PropertyMeta {
  id: number;
  public_name: string;
  phone: string | null;
  clubhouse_panel_id: string | number | null;
}

/** The answer's `device` record, as read (coreRecords.ts): the optional settings null where the build's default holds. */
export interface Device {
  id: number;
  enable_numeric_codes: boolean;
  enable_qr_codes: boolean;
  enable_resident_directory: boolean;
  enable_call_manager: boolean;
  enable_video_calls: boolean;
  language: Language | null;
  spoken_prompts: boolean | null;
  offline_guest_code_hours: number | null;
  code_lock_cleared_at: string | null;
  photo_on_code_lock: boolean;
  enable_deliveries: boolean;
  visitor_messages: boolean;
}

export interface PropertyData {
  property: PropertyMeta;
  residents: Resident[];
  property_staff: CodeHolder[];
  property_guests: CodeHolder[];
  unitGuests: UnitGuest[];
  device: Device;
  /** Public keys that sign this property's passes (docs/passes.md); absent: no passes. */
  pass_keys?: PassKey[];
  /** The ids (`jti`) of passes revoked before they expired. */
  revoked_passes?: string[];
}
