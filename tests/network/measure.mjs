// The figures of issue 43's table, from what soketi received from the kiosk,
// what the phone received and what the kiosk's browser gathered.

const WINDOW_MS = 1000;

/** The most events whose receive times fall within any one second. @param {number[]} times ascending */
export function mostInOneSecond(times) {
  let most = 0;
  for (let first = 0, last = 0; last < times.length; last += 1) {
    while (times[last] - times[first] >= WINDOW_MS) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

const candidateLine = (candidate) => (typeof candidate === 'string' ? candidate : candidate?.candidate);
const typeOf = (line) => / typ (\w+)/.exec(line)?.[1] ?? 'unknown';

/** @param {any} result what call.mjs wrote */
export function measure(result) {
  const times = result.serverEvents.map((event) => event.at).sort((a, b) => a - b);
  const firstSecond = times.filter((at) => at - times[0] < WINDOW_MS);
  const delivered = new Set(result.received.filter((event) => event.event === 'client-candidate').map((event) => candidateLine(event.data.candidate)));
  const missed = result.gathered.map((entry) => entry.candidate).filter((line) => !delivered.has(line));
  const relayed = [result.kioskSelected, result.phoneSelected].some((pair) => pair?.local?.type === 'relay' || pair?.remote?.type === 'relay');
  return {
    scenario: result.scenario,
    events: times.length,
    firstSecond: firstSecond.length,
    firstSecondSpanMs: firstSecond.length > 0 ? firstSecond[firstSecond.length - 1] - times[0] : 0,
    mostInOneSecond: mostInOneSecond(times),
    refused: result.refusals.length,
    gathered: result.gathered.length,
    missed: missed.length,
    missedTypes: missed.map(typeOf),
    connected: result.phoneIce === 'connected' || result.phoneIce === 'completed',
    relayed,
    pair: `${result.kioskSelected?.local?.type ?? '?'}→${result.kioskSelected?.remote?.type ?? '?'} (kiosk), ${result.phoneSelected?.local?.type ?? '?'}→${result.phoneSelected?.remote?.type ?? '?'} (phone)`,
    hangupDelivered: result.hangupDelivered,
  };
}

/** One row of the table in docs/calls.md. */
export function tableRow(m) {
  const missed = m.missed === 0 ? '0' : `${m.missed} (${m.missedTypes.join(', ')})`;
  return `| ${m.scenario} | ${m.firstSecond} in ${m.firstSecondSpanMs} ms | ${m.mostInOneSecond} | ${m.refused} | ${m.gathered} | ${missed} | ${m.connected ? m.pair : 'not connected'} |`;
}

export const TABLE_HEAD = [
  '| panel | client events in the first second | most in any second | refused (4301) | candidates gathered | candidates the far end missed | selected pair (local→remote) |',
  '| --- | --- | --- | --- | --- | --- | --- |',
];
