import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LOGO_SHAPES, LOGO_VIEW_BOX } from './logoDrawing';

describe("the logo's drawing", () => {
  it('is public/logo.svg (the icon) shape for shape', () => {
    const file = readFileSync(resolve(__dirname, '../../public/logo.svg'), 'utf8');
    const svg = new DOMParser().parseFromString(file, 'image/svg+xml').documentElement;
    expect(svg.getAttribute('viewBox')).toBe(LOGO_VIEW_BOX);
    const shapes = [...svg.children].map((shape) => [shape.tagName, Object.fromEntries([...shape.attributes].map(({ name, value }) => [name, value]))]);
    expect(shapes).toEqual(LOGO_SHAPES);
  });
});
