import { parsePropertyResponse } from './parsePropertyResponse';
import { rawProperty } from '../../testing/fixtures';
import { sameData } from './sameData';

describe('sameData', () => {
  it('holds for equal data in any key order, and not for any difference', () => {
    const data = parsePropertyResponse(rawProperty()).data;
    expect(sameData(data, parsePropertyResponse(rawProperty()).data)).toBe(true);
    expect(sameData({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    const residents = [{ ...data.residents[0]!, directory_phone: '5555550112' }];
    expect(sameData(data, { ...data, residents })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
    expect(sameData({ 0: 1 }, [1])).toBe(false);
    expect(sameData(null, {})).toBe(false);
    expect(sameData('1', 1)).toBe(false);
  });
});
