import * as v from 'valibot';
import { FLAG_SPELLINGS, readId, readText } from './values';

/*
 * Values as the back end sends them (docs/rules.md#r3-1-7), as schemas of
 * the answers, built on the readers of values.ts: each accepts every
 * spelling a value may arrive in and outputs one type.
 */

/** Text, or a number sent where text was meant (a phone, a code). */
export const text = v.pipe(
  v.unknown(),
  v.check((value) => readText(value) !== undefined, 'Invalid type: Expected text or a number'),
  v.transform((value) => readText(value) as string),
);

/** An id: an integer, or its digits as a string. */
export const id = v.pipe(
  v.unknown(),
  v.check((value) => readId(value) !== undefined, 'Invalid type: Expected an integer or its digits'),
  v.transform((value) => readId(value) as number),
);

/** A boolean spelled true/false, 1/0, "1"/"0" or "true"/"false". */
export const flag = v.pipe(v.unknown(), v.parseBoolean(FLAG_SPELLINGS));

/** A parse failure in one line: where (the first issue's path under `label`) and what. */
export function describeIssues(label: string, issues: readonly [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): string {
  const [first] = issues;
  const path = v.getDotPath(first);
  return `${label}${path ? `.${path}` : ''}: ${first.message}`;
}

/** The items of `list` that parse, and one line for each that does not, so one bad record costs only itself. */
export function parseEach<TSchema extends v.GenericSchema>(
  schema: TSchema,
  list: readonly unknown[],
  label: string,
): { items: v.InferOutput<TSchema>[]; problems: string[] } {
  const items: v.InferOutput<TSchema>[] = [];
  const problems: string[] = [];
  list.forEach((item, index) => {
    const parsed = v.safeParse(schema, item);
    if (parsed.success) items.push(parsed.output);
    else problems.push(describeIssues(`${label}[${index}]`, parsed.issues));
  });
  return { items, problems };
}
