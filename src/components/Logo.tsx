import { createElement, memo } from 'react';
import { LOGO_SHAPES, LOGO_VIEW_BOX } from './logoDrawing';

/** React's names of SVG attributes: stroke-width is strokeWidth. */
const reactProps = (attributes: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()), value]));

/** Made once: the same elements at every render, which React does not compare again. */
const SHAPES = LOGO_SHAPES.map(([tag, attributes], index) => createElement(tag, { key: index, ...reactProps(attributes) }));

/**
 * The kiosk's logo, drawn inline (logoDrawing.ts says why); with `onClick`, a
 * button that reloads the panel. Labels come from the caller, in the panel's
 * language. Memoised: home renders again under code entry when the fifth
 * digit's notice shows, and the logo need not, in that key's frame.
 */
export const Logo = memo(function Logo({ name, onClick, reloadLabel }: { name: string; onClick?: () => void; reloadLabel?: string }) {
  const image = (
    <svg className="logo" role="img" aria-label={name} width={64} height={64} viewBox={LOGO_VIEW_BOX}>
      {SHAPES}
    </svg>
  );
  if (!onClick) return image;
  return (
    <button type="button" className="logo-button" onClick={onClick} aria-label={reloadLabel}>
      {image}
    </button>
  );
});
