import * as v from 'valibot';
import { parseEach } from '../../services/api/answerSchemas';
import { excerpt, fieldsOf, STORE_VERSION, type StoredPart } from '../../store/storedPart';
import { diagnosticsSlice, FAULT_KINDS, type DiagnosticsState } from './diagnosticsSlice';

const epochMs = v.pipe(v.number(), v.finite(), v.minValue(0));
const fault = v.object({
  kind: v.picklist(FAULT_KINDS),
  since: epochMs,
  detail: v.pipe(v.string(), v.maxLength(200)),
  clearedAt: v.nullable(epochMs),
  reported: v.boolean(),
});

/** Self-diagnosis (docs/self-diagnosis.md): its faults and the property-load clock outlive the reload after a notification. */
export const diagnosticsStored: StoredPart<DiagnosticsState, 'diagnostics'> = {
  key: diagnosticsSlice.reducerPath,
  version: STORE_VERSION,
  migrations: {},
  where: 'localStorage',
  read(stored) {
    const { raw, problems } = fieldsOf('diagnostics', stored);
    const instant = (name: 'lastPropertyLoad' | 'propertyFailingSince') => {
      const parsed = v.safeParse(v.nullish(epochMs, null), raw[name]);
      if (!parsed.success) problems.push(`diagnostics.${name}: ${excerpt(raw[name])}`);
      return parsed.success ? parsed.output : null;
    };
    const faults = parseEach(fault, Array.isArray(raw.faults) ? raw.faults : [], 'diagnostics.faults');
    return {
      state: { faults: faults.items, lastPropertyLoad: instant('lastPropertyLoad'), propertyFailingSince: instant('propertyFailingSince') },
      problems: [...problems, ...faults.problems],
    };
  },
};
