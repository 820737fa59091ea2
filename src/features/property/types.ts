export interface AccessCode {
  code: string;
}

export interface Resident extends CodeHolder {
  id: number;
  directory_display_name: string;
  directory_sort_name: string;
  directory_lookup_code: string;
  enable_directory_listing: boolean;
  directory_phone_country_code: string;
  directory_phone: string;
  user_enabled_video_calls: boolean;
}

/** Staff members and property guests carry codes the same way residents do, and no id (SPEC.md section 3). */
export interface CodeHolder {
  property_access_code: AccessCode | null;
  property_credentials: AccessCode[];
}

export interface UnitGuest {
  propertyAccessCode: { code: string; active: boolean } | null;
}

export interface PropertyMeta {
  id: number;
  public_name: string;
  phone: string | null;
  clubhouse_panel_id: number | string | null;
}

export interface Device {
  id: number;
  enable_numeric_codes: boolean;
  enable_qr_codes: boolean;
  enable_resident_directory: boolean;
  enable_call_manager: boolean;
  enable_video_calls: boolean;
}

export interface PropertyData {
  property: PropertyMeta;
  residents: Resident[];
  property_staff: CodeHolder[];
  property_guests: CodeHolder[];
  unitGuests: UnitGuest[];
  device: Device;
}
