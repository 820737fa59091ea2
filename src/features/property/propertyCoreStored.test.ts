import { parsePropertyResponse } from './parsePropertyResponse';
import { propertyCoreStored } from './propertyCoreStored';
import { rawProperty } from '../../testing/fixtures';

const { property, device } = parsePropertyResponse(rawProperty()).data;
const read = (standing: unknown, guests: unknown = ['30001']) => propertyCoreStored.read({ property, device, standing, guests });

describe('the stored property core', () => {
  it('reads codes stored as the kiosk writes them as they are', () => {
    const standing = Array.from({ length: 9_000 }, (_, index) => String(10_000 + index));
    const { state, problems } = read(standing);
    expect(state.standing).toEqual(standing);
    expect(state.guests).toEqual(['30001']);
    expect(problems).toEqual([]);
  });

  it('writes each list of codes as one text, read back as the list (a code holding a line break stays a list)', () => {
    const core = { property, device, standing: ['10001', '00777', '6011000990139424567'], guests: [] };
    const stored = propertyCoreStored.write!(core) as Record<string, unknown>;
    expect([stored.standing, stored.guests]).toEqual(['10001\n00777\n6011000990139424567', '']);
    expect(propertyCoreStored.read(JSON.parse(JSON.stringify(stored)))).toEqual({ state: core, problems: [] });
    const odd = { ...core, standing: ['10001', 'A\nB'] };
    expect((propertyCoreStored.write!(odd) as Record<string, unknown>).standing).toEqual(['10001', 'A\nB']);
    expect(propertyCoreStored.read(propertyCoreStored.write!(odd)).state.standing).toEqual(['10001', 'A\nB']);
  });

  it('turns codes stored as numbers into text, as the answer schemas read them', () => {
    expect(read([10001, '10002']).state.standing).toEqual(['10001', '10002']);
  });

  it('drops a list with an empty or unreadable code, and says so; the other list is kept', () => {
    for (const standing of [['10001', ''], ['10001', null], { not: 'a list' }, '10001\n\n10002']) {
      const { state, problems } = read(standing);
      expect(state.standing).toEqual([]);
      expect(state.guests).toEqual(['30001']);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain('propertyCore.standing');
    }
  });
});
