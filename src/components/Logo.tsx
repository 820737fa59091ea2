import { createElement } from 'react';
import { LOGO_SHAPES, LOGO_VIEW_BOX } from './logoDrawing';

/** React's names of SVG attributes: stroke-width is strokeWidth. */
const reactProps = (attributes: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()), value]));

/** The kiosk's logo, drawn inline (logoDrawing.ts says why); with `onClick`, a button that reloads the panel. Labels come from the caller, in the panel's language. */
export function Logo({ name, onClick, reloadLabel }: { name: string; onClick?: () => void; reloadLabel?: string }) {
  const image = (
    <svg className="logo" role="img" aria-label={name} width={64} height={64} viewBox={LOGO_VIEW_BOX}>
      {LOGO_SHAPES.map(([tag, attributes], index) => createElement(tag, { key: index, ...reactProps(attributes) }))}
    </svg>
  );
  if (!onClick) return image;
  return (
    <button type="button" className="logo-button" onClick={onClick} aria-label={reloadLabel}>
      {image}
    </button>
  );
}
