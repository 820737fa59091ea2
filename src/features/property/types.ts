import type * as v from 'valibot';
import type { PassKey } from './passKeys';
import type { codeHolderSchema, deviceSchema, propertyMetaSchema, residentSchema, unitGuestSchema } from './propertySchemas';

/** A resident: directory entry, call target and code holder. */
export type Resident = v.InferOutput<typeof residentSchema>;

/** Staff members and property guests carry codes the same way residents do, and no id (docs/rules.md#r3-1-5). */
export type CodeHolder = v.InferOutput<typeof codeHolderSchema>;

/** A unit guest's code opens the gate only while `active`. */
export type UnitGuest = v.InferOutput<typeof unitGuestSchema>;

export type PropertyMeta = v.InferOutput<typeof propertyMetaSchema>;

export type Device = v.InferOutput<typeof deviceSchema>;

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
