import { pageShapeFor } from './pageShape';

describe('pageShapeFor', () => {
  it('is two columns of 10 on landscape panels, whatever their size (rules R2.5.4)', () => {
    // The directory's area on 800x480, 1024x600 and 1280x800 (1rem = 16, 20 and 25.6 px).
    expect(pageShapeFor({ width: 752, height: 340, rem: 16 })).toEqual({ columns: 2, rowsPerColumn: 10 });
    expect(pageShapeFor({ width: 944, height: 425, rem: 20 })).toEqual({ columns: 2, rowsPerColumn: 10 });
    expect(pageShapeFor({ width: 1203, height: 560, rem: 25.6 })).toEqual({ columns: 2, rowsPerColumn: 10 });
  });

  it('is one column of as many rows as fit on portrait panels', () => {
    // 480x800: 440 px wide, 640 px tall at 16 px a rem; rows need 2.2rem (35.2 px).
    expect(pageShapeFor({ width: 440, height: 640, rem: 16 })).toEqual({ columns: 1, rowsPerColumn: 18 });
    expect(pageShapeFor({ width: 704, height: 1024, rem: 25.6 })).toEqual({ columns: 1, rowsPerColumn: 18 });
    expect(pageShapeFor({ width: 440, height: 100, rem: 16 })).toEqual({ columns: 1, rowsPerColumn: 4 });
  });

  it('is two columns of 10 before the area is measured', () => {
    expect(pageShapeFor(null)).toEqual({ columns: 2, rowsPerColumn: 10 });
  });
});
