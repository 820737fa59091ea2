import { HANDSET } from '../../components/CallPictograms';

/** A handset: the call is ringing. */
export function PhoneIcon() {
  return (
    <svg className="call-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={HANDSET} />
    </svg>
  );
}

/** A lit dot: the call is connected. */
export function ActiveIcon() {
  return (
    <svg className="call-icon call-icon-active" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="8" fill="currentColor" />
    </svg>
  );
}
