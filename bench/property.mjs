// A large property for the benchmark: the seeded property with `count` listed
// residents whose names cover the alphabet, accents, lower-case particles and
// a few that start with a digit (the '#' group).
import { seedProperty } from '../simulator/seed.mjs';

const LAST = [
  'Abbott', 'Baker', 'Chen', 'Dubois', 'Edwards', 'Fischer', 'Garcia', 'Hughes', 'Ibrahim', 'Jensen',
  'Kowalski', 'Lopez', 'Murphy', 'Nguyen', "O'Brien", 'Patel', 'Quinn', 'Rossi', 'Schmidt', 'Tanaka',
  'Usman', 'Vargas', 'Walsh', 'Xu', 'Young', 'Zimmerman', 'Öztürk', 'Élan', 'de la Cruz', 'van Dijk',
];
const FIRST = ['Aaron', 'Beatrice', 'Carlos', 'Dana', 'Emil', 'Fatima', 'George', 'Hana', 'Ivan', 'Julia', 'Kofi', 'Leah'];

/** @param {number} count listed residents (plus 2% hidden ones); the first has access code 10001 */
export function largeProperty(count) {
  const property = seedProperty();
  const hidden = Math.ceil(count / 50);
  property.residents = Array.from({ length: count + hidden }, (_, i) => {
    const last = i % 97 === 0 ? `${(i % 9) + 1}B Office` : LAST[i % LAST.length];
    const first = `${FIRST[i % FIRST.length]} ${String.fromCharCode(65 + ((i * 7) % 26))}.`;
    return {
      id: 1000 + i,
      directory_display_name: `${first} ${last}`,
      directory_sort_name: `${last}, ${first}`,
      directory_lookup_code: String(1000 + i).padStart(4, '0'),
      enable_directory_listing: i < count,
      directory_phone_country_code: '1',
      directory_phone: String(5552000000 + i),
      user_enabled_video_calls: i % 2 === 0,
      property_access_code: { code: String(10001 + i) },
      property_credentials: [],
    };
  });
  return property;
}
