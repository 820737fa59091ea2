import * as v from 'valibot';
import { flag, id, text } from '../../services/api/answerSchemas';

/*
 * The records of the property answer (docs/rules.md#r3-1). Only what a record
 * cannot do without is required (an id where the rules give one); a field
 * that is missing or null takes its empty value, and a field of the wrong
 * kind makes the whole record bad. The `property` and `device` records are
 * read as these are, without a schema (coreRecords.ts): the stored property
 * core is read with them at every start.
 */

const trimmed = v.pipe(text, v.trim());
const optionalText = v.nullish(trimmed, '');
const optionalFlag = v.nullish(flag, false);

/** `{ code }`; an empty code is no code. */
const accessCode = v.pipe(
  v.object({ code: optionalText }),
  v.transform(({ code }) => (code === '' ? null : { code })),
);

const codeHolderEntries = {
  property_access_code: v.nullish(accessCode, null),
  property_credentials: v.nullish(
    v.pipe(
      v.array(accessCode),
      v.transform((codes) => codes.filter((code) => code !== null)),
    ),
    () => [],
  ),
};

/** Staff members and property guests: codes only, no id. */
export const codeHolderSchema = v.object(codeHolderEntries);

export const residentSchema = v.pipe(
  v.object({
    ...codeHolderEntries,
    id,
    directory_display_name: optionalText,
    directory_sort_name: optionalText,
    // A lookup code sent as a number has lost its leading zeros.
    directory_lookup_code: v.nullish(
      v.union([v.pipe(v.number(), v.transform((code) => String(code).padStart(4, '0'))), trimmed]),
      '',
    ),
    enable_directory_listing: optionalFlag,
    directory_phone_country_code: optionalText,
    directory_phone: optionalText,
    user_enabled_video_calls: optionalFlag,
  }),
  v.transform((resident) => ({ ...resident, directory_sort_name: resident.directory_sort_name || resident.directory_display_name })),
);

/** `propertyAccessCode` with `code` and `active`; no id. */
export const unitGuestSchema = v.object({
  propertyAccessCode: v.nullish(
    v.pipe(
      v.object({ code: optionalText, active: optionalFlag }),
      v.transform((access) => (access.code === '' ? null : access)),
    ),
    null,
  ),
});

/** The legacy voice client's token; an empty one is no token. */
export const twimlTokenSchema = v.pipe(
  optionalText,
  v.transform((token) => token || null),
);
