/** The property core's stored version (propertyCoreStored.ts), apart so that the first frame's script reads it without the schemas. */
export const PROPERTY_CORE_VERSION = 3;
