import type { Resident } from '../features/property/types';

/** A listed resident for directory tests; `sort` defaults to the display name. */
export function resident(id: number, name: string, overrides: Partial<Resident> = {}): Resident {
  return {
    id,
    directory_display_name: name,
    directory_sort_name: name,
    directory_lookup_code: String(1000 + id),
    enable_directory_listing: true,
    directory_phone_country_code: '1',
    directory_phone: '5550000000',
    user_enabled_video_calls: false,
    property_access_code: null,
    property_credentials: [],
    ...overrides,
  };
}

const LAST = ['Abbott', 'Baker', 'Chen', 'Dubois', 'Edwards', 'Fischer', 'Garcia', 'Hughes', 'Ibrahim', 'Jensen'];

/** `count` residents spread over the first ten letters, ids from 1. */
export function manyResidents(count: number): Resident[] {
  return Array.from({ length: count }, (_, i) => resident(i + 1, `${LAST[i % LAST.length]} ${String(i).padStart(5, '0')}`));
}
