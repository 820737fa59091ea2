import fc from 'fast-check';

/*
 * Generators of property answers for property-based tests: records in the
 * shapes of docs/rules.md#r3-1 (spelled every way a back end may send them),
 * near misses, and junk.
 */

/** The boolean spellings a back end may send (true/false, 1/0, "1"/"0", "true"/"false"). */
export const TRUE_SPELLINGS: readonly unknown[] = [true, 1, '1', 'true'];
const FALSE_SPELLINGS: readonly unknown[] = [false, 0, '0', 'false'];

/** Any JSON at all. */
export const junk = fc.jsonValue({ maxDepth: 3 });

/** A gate code as typed: 5 digits (docs/rules.md#r5-1-1), sent as text or as a number that has no leading zero to lose. */
const sentCode = fc.oneof(fc.stringMatching(/^\d{5}$/), fc.integer({ min: 10000, max: 99999 }));

const sentFlag = fc.constantFrom(...TRUE_SPELLINGS, ...FALSE_SPELLINGS);
const sentId = fc.oneof(fc.nat(), fc.nat().map(String));
const sentText = fc.oneof(fc.string(), fc.integer());
const missing = fc.constantFrom(null, undefined);

/** Keys a record may carry beyond those of docs/rules.md#r3-1 (ids and names on staff, say), with any value. */
const extraKeys = fc.dictionary(fc.oneof(fc.constantFrom('id', 'name', 'created_at'), fc.string().map((key) => `x-${key}`)), junk, {
  maxKeys: 3,
});

/** A record with extra keys; the record's own keys win. */
const withExtras = <T extends object>(record: fc.Arbitrary<T>) => fc.tuple(extraKeys, record).map(([extras, fields]) => ({ ...extras, ...fields }));

/** Each value of `model` either valid or, one time in four, junk. */
function nearMiss<T extends Record<string, fc.Arbitrary<unknown>>>(model: T) {
  return fc.record(Object.fromEntries(Object.entries(model).map(([key, arb]) => [key, fc.oneof({ arbitrary: arb, weight: 3 }, { arbitrary: junk, weight: 1 })])), {
    requiredKeys: [],
  });
}

const accessCode = fc.record({ code: sentCode });
const holderModel = {
  property_access_code: fc.oneof(accessCode, missing),
  property_credentials: fc.oneof(fc.array(accessCode, { maxLength: 3 }), missing),
};
const residentModel = {
  ...holderModel,
  directory_display_name: fc.oneof(sentText, missing),
  directory_sort_name: fc.oneof(sentText, missing),
  directory_lookup_code: fc.oneof(fc.stringMatching(/^\d{4}$/), fc.integer({ min: 0, max: 9999 }), missing),
  enable_directory_listing: fc.oneof(sentFlag, missing),
  directory_phone_country_code: fc.oneof(sentText, missing),
  directory_phone: fc.oneof(sentText, missing),
  user_enabled_video_calls: fc.oneof(sentFlag, missing),
};
const unitGuestModel = { propertyAccessCode: fc.record({ code: sentCode, active: sentFlag }) };
const propertyModel = {
  public_name: fc.oneof(sentText, missing),
  phone: fc.oneof(sentText, missing),
  clubhouse_panel_id: fc.oneof(fc.nat(), fc.string(), missing),
};
const deviceModel = {
  enable_numeric_codes: sentFlag,
  enable_qr_codes: sentFlag,
  enable_resident_directory: sentFlag,
  enable_call_manager: sentFlag,
  enable_video_calls: sentFlag,
};

/** Valid records in the shapes of docs/rules.md#r3-1: staff, property guests and unit guests have no id. */
export const valid = {
  holder: withExtras(fc.record(holderModel, { requiredKeys: [] })),
  resident: withExtras(fc.record({ ...residentModel, id: sentId }, { requiredKeys: ['id'] })),
  unitGuest: withExtras(fc.record(unitGuestModel)),
  property: withExtras(fc.record({ ...propertyModel, id: sentId }, { requiredKeys: ['id'] })),
  device: withExtras(fc.record({ ...deviceModel, id: sentId })),
};

/** Junk, near misses and valid records mixed: what a broken back end might put in a list. */
const anyItem = (validItem: fc.Arbitrary<unknown>, model: Record<string, fc.Arbitrary<unknown>>) => fc.oneof(junk, nearMiss(model), validItem);
const anyList = (validItem: fc.Arbitrary<unknown>, model: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(fc.array(anyItem(validItem, model), { maxLength: 6 }), junk);

/** A property answer with the given property and device, and lists of any quality. */
const answerWith = (property: fc.Arbitrary<unknown>, device: fc.Arbitrary<unknown>) =>
  fc.record(
    {
      property,
      device,
      residents: anyList(valid.resident, { ...residentModel, id: sentId }),
      property_staff: anyList(valid.holder, holderModel),
      property_guests: anyList(valid.holder, holderModel),
      unitGuests: anyList(valid.unitGuest, unitGuestModel),
      twimlToken: fc.oneof(fc.string(), junk),
    },
    { requiredKeys: ['property', 'device'] },
  );

/** A usable answer (its property and device are valid) whose lists hold anything. */
export const usableAnswer = answerWith(valid.property, valid.device);

/** A property answer of any quality, from plain junk to fully valid. */
export const anyAnswer = fc.oneof(
  junk,
  answerWith(fc.oneof(valid.property, nearMiss({ ...propertyModel, id: sentId }), junk), fc.oneof(valid.device, nearMiss({ ...deviceModel, id: sentId }), junk)),
);

/** A list of `items` with junk between them; `valid` is what went in. */
export function amidJunk<T>(item: fc.Arbitrary<T>) {
  return fc.array(fc.tuple(fc.array(junk, { maxLength: 3 }), item), { maxLength: 5 }).map((pairs) => ({
    valid: pairs.map(([, record]) => record),
    list: pairs.flatMap(([before, record]) => [...before, record]),
  }));
}
