import { Link } from '../hooks/pageAddress';

/** A link to another screen, with the panel button that opens it shown beside its text (none on TOUCH). */
export function KeyLink({ to, text, hint, className }: { to: string; text: string; hint: string | null; className: string }) {
  return (
    <Link className={className} to={to}>
      {hint ? <kbd className="button-hint">{hint}</kbd> : null}
      <span>{text}</span>
    </Link>
  );
}
