export type Params = Record<string, string | number>;

/** Fills `{name}` placeholders; an unknown one is left as it is. Apart from the catalogue: the first frame's script fills its strings too. */
export function format(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
