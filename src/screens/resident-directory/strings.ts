/** The screen's title, as the spec words it. */
export const DIRECTORY_TITLE = 'call resident';
