import type { ReactNode } from 'react';

/** A telephone handset, 24 units square: the call screen's phone icon and the pictograms below draw it. */
export const HANDSET =
  'M6.6 10.8a15.2 15.2 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z';

/** A pictogram: an image with a name of its own (the caller's, in the panel's language), drawn in the text's colour. */
function Pictogram({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <svg className={`pictogram ${className}`} viewBox="0 0 24 24" role="img" aria-label={label} focusable="false">
      {children}
    </svg>
  );
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round' } as const;

/** A phone's screen with waves beside it: the resident's app is ringing. */
export function RingingPictogram({ label }: { label: string }) {
  return (
    <Pictogram label={label} className="pictogram-ringing">
      <rect x="6" y="3" width="9" height="18" rx="1.8" {...stroke} />
      <path d="M18.2 8.5a5 5 0 0 1 0 7M20.8 6a8.5 8.5 0 0 1 0 12" {...stroke} />
    </Pictogram>
  );
}

/** A handset: their phone is ringing. */
export function PhonePictogram({ label }: { label: string }) {
  return (
    <Pictogram label={label} className="pictogram-phone">
      <path fill="currentColor" d={HANDSET} />
    </Pictogram>
  );
}

/** A smaller handset with a mark in its corner. */
function MarkedHandset({ label, className, mark }: { label: string; className: string; mark: string }) {
  return (
    <Pictogram label={label} className={className}>
      <path fill="currentColor" d={HANDSET} transform="translate(0 2) scale(.9)" />
      <path d={mark} {...stroke} />
    </Pictogram>
  );
}

/** A handset with a tick: a leg connected. */
export function ConnectedPictogram({ label }: { label: string }) {
  return <MarkedHandset label={label} className="pictogram-connected" mark="M14 6.5l2.5 2.5 5-5" />;
}

/** A handset with a cross: nobody answered. */
export function NoAnswerPictogram({ label }: { label: string }) {
  return <MarkedHandset label={label} className="pictogram-no-answer" mark="M15 3.5l6 6M21 3.5l-6 6" />;
}
