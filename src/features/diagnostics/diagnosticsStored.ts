import { isFiniteNumber } from '../../services/api/values';
import { isRecord } from '../../services/json';
import { excerpt, fieldsOf, readEach, STORE_VERSION, type StoredPart } from '../../store/storedPart';
import { diagnosticsSlice, FAULT_KINDS, type DiagnosticsState, type Fault } from './diagnosticsSlice';

const isEpochMs = (value: unknown): value is number => isFiniteNumber(value) && value >= 0;

function readFault(value: unknown): Fault | undefined {
  if (!isRecord(value) || !FAULT_KINDS.includes(value.kind as never) || !isEpochMs(value.since)) return undefined;
  const { detail, clearedAt, reported } = value;
  if (typeof detail !== 'string' || detail.length > 200 || !(clearedAt === null || isEpochMs(clearedAt)) || typeof reported !== 'boolean') return undefined;
  return { kind: value.kind as Fault['kind'], since: value.since, detail, clearedAt, reported };
}

/** Self-diagnosis (docs/self-diagnosis.md): its faults and the property-load clock outlive the reload after a notification. */
export const diagnosticsStored: StoredPart<DiagnosticsState, 'diagnostics'> = {
  key: diagnosticsSlice.reducerPath,
  version: STORE_VERSION,
  migrations: {},
  where: 'localStorage',
  read(stored) {
    const { raw, problems } = fieldsOf('diagnostics', stored);
    const instant = (name: 'lastPropertyLoad' | 'propertyFailingSince') => {
      const value = raw[name] ?? null;
      if (value === null || isEpochMs(value)) return value;
      problems.push(`diagnostics.${name}: ${excerpt(value)}`);
      return null;
    };
    const faults = readEach(Array.isArray(raw.faults) ? raw.faults : [], readFault, 'diagnostics.faults');
    return {
      state: { faults: faults.items, lastPropertyLoad: instant('lastPropertyLoad'), propertyFailingSince: instant('propertyFailingSince') },
      problems: [...problems, ...faults.problems],
    };
  },
};
