// The seeded property the simulator serves. Everything is derived from fixed
// lists by index arithmetic, so every run (and every test) sees the same data.
import { readFileSync } from 'node:fs';

// Two last names per letter for most of the alphabet, so the directory's
// letter jumps have something to land on.
const LAST = [
  'Abbott', 'Baker', 'Chen', 'Dubois', 'Edwards', 'Fischer', 'Garcia', 'Hughes', 'Ibrahim',
  'Jensen', 'Kowalski', 'Lopez', 'Murphy', 'Nguyen', "O'Brien", 'Patel', 'Quinn', 'Rossi',
  'Schmidt', 'Tanaka', 'Usman', 'Vargas', 'Walsh', 'Xu', 'Young', 'Zimmerman',
  'Adams', 'Brooks', 'Castillo', 'Diaz', 'Ellis', 'Foster', 'Gupta', 'Hansen', 'Ito',
  'Johnson', 'Kim', 'Larsen', 'Moreau', 'Novak', 'Okafor', 'Park', 'Reyes', 'Silva',
  'Turner', 'Underwood', 'Vance', 'Wong', 'Yilmaz', 'Zhang',
];
const FIRST = [
  'Aaron', 'Beatrice', 'Carlos', 'Dana', 'Emil', 'Fatima', 'George', 'Hana', 'Ivan', 'Julia',
  'Kofi', 'Leah', 'Marco', 'Nadia', 'Oscar', 'Priya', 'Rafael', 'Sofia', 'Tomas', 'Uma',
  'Victor', 'Wendy', 'Yusuf', 'Zoe',
];
// Names whose sort key is lower-case or accented: directory sorting must cope.
const SPECIAL = [
  { display: 'Élodie', sort: 'Élodie' },
  { display: 'Maria de la Cruz', sort: 'de la Cruz, Maria' },
  { display: 'Ömer Öztürk', sort: 'Öztürk, Ömer' },
  { display: 'Pieter van Dijk', sort: 'van Dijk, Pieter' },
];
const HIDDEN = [['Quentin', 'Hale'], ['Rosa', 'Ibarra'], ['Sam', 'Keller'], ['Tess', 'Lund']];
const LISTED_GENERATED = 64;
const SEEDED_RESIDENTS = LISTED_GENERATED + SPECIAL.length + HIDDEN.length;
/** Generated residents' access codes stay 5 digits (and below KNOWN.invalidCode) up to this many residents. */
export const MAX_RESIDENTS = 60_000;

// A back end without casts sends tinyint booleans as numbers or strings; the
// residents spell theirs in turn as 1/0, "1"/"0", "true"/"false" and true/false.
const SPELLINGS = [(flag) => (flag ? 1 : 0), (flag) => (flag ? '1' : '0'), (flag) => String(flag), (flag) => flag];
/** @param {boolean} flag @param {number} k */
const spelled = (flag, k) => SPELLINGS[k % SPELLINGS.length](flag);

/** @param {string} first @param {string} last */
const named = (first, last) => ({ display: `${first} ${last}`, sort: `${last}, ${first}` });

/**
 * @param {{display: string, sort: string}} name
 * @param {number} k position over all residents, drives every derived field
 * @param {boolean} listed
 */
function resident(name, k, listed) {
  // Beyond the seed's own residents, access codes run from 40004 (after every code of the seed) and cards are
  // 7 digits, so no code or card repeats another's.
  const seeded = k < SEEDED_RESIDENTS;
  const card = seeded ? 11001 + k : 1_100_001 + k;
  const accessCode = seeded ? 10001 + k : 40004 + k - SEEDED_RESIDENTS;
  const credentials = k % 3 === 1 ? [] : [{ code: String(card) }];
  // A leading-zero credential: hardware reads compare numerically ("777").
  if (k === 2) credentials.push({ code: '00777' });
  return {
    id: k >= SEEDED_RESIDENTS ? 1001 + k : listed ? 101 + k : 201 + (k - LISTED_GENERATED - SPECIAL.length),
    directory_display_name: name.display,
    directory_sort_name: name.sort,
    // 13 and 10,000 share no factor: the first 10,000 residents' codes are all different, then they repeat.
    directory_lookup_code: String((1001 + k * 13) % 10_000).padStart(4, '0'),
    enable_directory_listing: spelled(listed, k),
    directory_phone_country_code: '1',
    directory_phone: String(5552000000 + k),
    user_enabled_video_calls: spelled(k % 3 !== 2, k),
    // Every 17th resident has no access code (only logged when needed: docs/rules.md#r4-9-10, #r8-2-2).
    property_access_code: k % 17 === 16 ? null : { code: String(accessCode) },
    property_credentials: credentials,
  };
}

/** @returns {object} a fresh copy of the seeded property data response */
export function seedProperty() {
  const names = [
    ...Array.from({ length: LISTED_GENERATED }, (_, i) =>
      named(FIRST[(i * 5) % FIRST.length], LAST[i % LAST.length])),
    ...SPECIAL,
  ];
  const residents = names.map((n, k) => resident(n, k, true));
  HIDDEN.forEach(([f, l], i) => residents.push(resident(named(f, l), names.length + i, false)));
  return {
    property: { id: 1, public_name: 'Maple Court Apartments', phone: '5555550100', clubhouse_panel_id: null },
    residents,
    // Staff, property guests and unit guests have no id (docs/rules.md#r3-1-5).
    property_staff: [
      { property_access_code: { code: '20001' }, property_credentials: [{ code: '21001' }] },
      { property_access_code: { code: '20002' }, property_credentials: [] },
    ],
    unitGuests: [
      { propertyAccessCode: { code: '40001', active: 1 } },
      { propertyAccessCode: { code: '40002', active: '0' } },
      { propertyAccessCode: { code: '40003', active: 'true' } },
    ],
    property_guests: [
      { property_access_code: { code: '30001' }, property_credentials: [{ code: '31001' }] },
      { property_access_code: { code: '30002' }, property_credentials: [] },
      // A guest with a 19-digit card and no access code: card numbers compare exactly.
      { property_access_code: null, property_credentials: [{ code: '6011000990139424567' }] },
    ],
    device: {
      id: 7,
      // Tinyint columns, as a back end without casts sends them.
      enable_numeric_codes: 1,
      enable_qr_codes: true,
      enable_resident_directory: true,
      enable_call_manager: true,
      enable_video_calls: true,
    },
    twimlToken: 'sim-twiml-token',
  };
}

/**
 * The seed grown to `count` residents (a campus, a large complex): the
 * seed's own residents first, then generated ones shaped as they are (access
 * codes, cards, 4-digit lookup codes, flags in every spelling), with every
 * 97th name under '#', every 101st one of the accented or lower-case ones and
 * every 50th unlisted. Deterministic: the same count gives the same data.
 * @param {number} count from 0 to MAX_RESIDENTS
 */
export function largeSeed(count) {
  if (!Number.isInteger(count) || count < 0 || count > MAX_RESIDENTS) {
    throw new RangeError(`A large seed has 0 to ${MAX_RESIDENTS} residents, not ${count}`);
  }
  const property = seedProperty();
  const generated = Array.from({ length: Math.max(0, count - SEEDED_RESIDENTS) }, (_, i) => {
    const k = SEEDED_RESIDENTS + i;
    let name = named(FIRST[(k * 5) % FIRST.length], LAST[k % LAST.length]);
    if (k % 97 === 0) name = { display: `Office ${k}`, sort: `${(k % 9) + 1}B Office` };
    else if (k % 101 === 0) name = SPECIAL[k % SPECIAL.length];
    return resident(name, k, k % 50 !== 0);
  });
  property.residents = [...property.residents, ...generated].slice(0, count);
  return property;
}

/** Properties frozen whole by frozenWhole. */
const wholeFrozen = new WeakSet();

/**
 * `property` frozen with everything in it, so nothing can change it: the API
 * then makes its answer's bytes and ETag once (api.mjs). A change is made by
 * serving another object.
 * @template T @param {T} property @returns {T}
 */
export function frozenWhole(property) {
  const freeze = (value) => {
    if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
    Object.freeze(value);
    Object.values(value).forEach(freeze);
  };
  freeze(property);
  wholeFrozen.add(property);
  return property;
}

/** @param {object} property */
export const isFrozenWhole = (property) => wholeFrozen.has(property);

/** Codes and ids of the seeded property that tests rely on. */
export const KNOWN = Object.freeze({
  residentCode: '10001',
  residentCredential: '11001',
  leadingZeroCredential: '00777',
  staffCode: '20001',
  propertyGuestCode: '30001',
  activeUnitGuestCode: '40001',
  inactiveUnitGuestCode: '40002',
  invalidCode: '99999',
  /** A property guest's 19-digit card; `longCardNeighbour` (one more) opens nothing. */
  longCard: '6011000990139424567',
  longCardNeighbour: '6011000990139424568',
  firstResident: Object.freeze({ id: 101, name: 'Aaron Abbott', lookup: '1001' }),
  videoResidentId: 101,
  noVideoResidentId: 103,
  hiddenResidentId: 201,
});

/**
 * The property data to serve: the `property` option, else the JSON file named
 * by SIM_PROPERTY, else the seed. Always a private copy, so a simulator's
 * PATCHes never leak into another one running in the same process.
 * @param {object} [property]
 */
export function loadPropertyData(property) {
  if (property) return structuredClone(property);
  const file = process.env.SIM_PROPERTY;
  if (!file) return seedProperty();
  const data = JSON.parse(readFileSync(file, 'utf8'));
  if (!data?.property || data.property.id === undefined || !data.device) {
    throw new Error(`SIM_PROPERTY ${file}: expected a property data response with property.id and device`);
  }
  return data;
}
