/** An element with its attributes and children: the first frame builds the kiosk's markup without React. */
export function element<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, attributes: Record<string, string>, children: Array<Node | string> = []) {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}
