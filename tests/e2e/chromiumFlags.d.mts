export const CHROMIUM_BASE_ARGS: readonly string[];
export const CHROMIUM_ARGS: readonly string[];
