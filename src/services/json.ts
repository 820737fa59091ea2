/** A JSON object: fields read one by one from something parsed off the wire or out of storage. */
export type JsonObject = Record<string, unknown>;

/** An object that is neither null nor an array. */
export const isRecord = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
