const SVG = 'http://www.w3.org/2000/svg';

/** An element with its attributes and children: the first frame builds the kiosk's markup without React. */
export function element<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, attributes: Record<string, string>, children: Array<Node | string> = []) {
  return filled(doc.createElement(tag), attributes, children);
}

/** An SVG element, as `element` makes an HTML one. */
export function svgElement<K extends keyof SVGElementTagNameMap>(doc: Document, tag: K, attributes: Readonly<Record<string, string>>, children: Node[] = []) {
  return filled(doc.createElementNS(SVG, tag), attributes, children);
}

function filled<E extends Element>(node: E, attributes: Readonly<Record<string, string>>, children: Array<Node | string>): E {
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}
