/**
 * The logo's drawing (public/logo.svg's shapes, which a unit test holds it
 * to), drawn inline by Logo and by the first frame: an `<img>` of the file
 * made a document of its own for the SVG when it arrived, a task (15 to
 * 35 ms at 4x) before the welcome's first frame on a browser restart.
 */
export const LOGO_VIEW_BOX = '0 0 64 64';

/** Each shape's tag and attributes (SVG's names), in the file's order. */
export const LOGO_SHAPES: ReadonlyArray<readonly ['rect' | 'path', Readonly<Record<string, string>>]> = [
  ['rect', { x: '4', y: '4', width: '56', height: '56', rx: '12', fill: '#1f6feb' }],
  ['path', { d: 'M16 50V26l16-12 16 12v24', fill: 'none', stroke: '#fff', 'stroke-width': '4', 'stroke-linejoin': 'round' }],
  ['path', { d: 'M24 50V34h16v16', fill: 'none', stroke: '#fff', 'stroke-width': '4' }],
  ['path', { d: 'M28 34v16M32 34v16M36 34v16', stroke: '#fff', 'stroke-width': '2' }],
];
