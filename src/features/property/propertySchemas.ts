import * as v from 'valibot';
import { flag, id, text } from '../../services/api/answerSchemas';
import { parseLanguage } from '../../strings/catalogue';

/*
 * The records of the property answer (docs/rules.md#r3-1). Only what a record
 * cannot do without is required (an id where the rules give one); a field
 * that is missing or null takes its empty value, and a field of the wrong
 * kind makes the whole record bad.
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

export const propertyMetaSchema = v.object({
  id,
  public_name: optionalText,
  phone: v.pipe(
    optionalText,
    v.transform((phone) => phone || null),
  ),
  clubhouse_panel_id: v.pipe(
    v.nullish(v.union([v.number(), v.string()]), null),
    v.transform((panel) => (panel === '' ? null : panel)),
  ),
});

/** A number of hours, 0 or more, as a number or as digits in a string ("168"). */
const hours = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+(\.\d+)?$/), v.transform(Number))]),
  v.finite(),
  v.minValue(0),
);

export const deviceSchema = v.object({
  id,
  enable_numeric_codes: optionalFlag,
  enable_qr_codes: optionalFlag,
  enable_resident_directory: optionalFlag,
  enable_call_manager: optionalFlag,
  enable_video_calls: optionalFlag,
  // Optional device settings (docs/answers.md): missing, null or unreadable means the build's default.
  language: v.fallback(v.pipe(v.unknown(), v.transform(parseLanguage)), null),
  spoken_prompts: v.fallback(v.nullish(flag, null), null),
  offline_guest_code_hours: v.fallback(v.nullish(hours, null), null),
  // Any text (an ISO instant, as the back end sets it); only a change is acted on.
  code_lock_cleared_at: v.fallback(v.nullish(v.pipe(v.string(), v.trim(), v.nonEmpty()), null), null),
  // A picture from the camera with each lock's report; a flag in any spelling, anything else off.
  photo_on_code_lock: v.fallback(v.nullish(flag, false), false),
  // Home's Delivery link and a call's `reason: "delivery"`; read as photo_on_code_lock is.
  enable_deliveries: v.fallback(v.nullish(flag, false), false),
  // A call nobody answered offers the visitor a video message; a flag in any spelling, anything else off.
  visitor_messages: v.fallback(v.nullish(flag, false), false),
});

/** The legacy voice client's token; an empty one is no token. */
export const twimlTokenSchema = v.pipe(
  optionalText,
  v.transform((token) => token || null),
);
