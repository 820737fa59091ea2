/** The kiosk's logo; with `onClick`, a button that reloads the panel. Labels come from the caller, in the panel's language. */
export function Logo({ name, onClick, reloadLabel }: { name: string; onClick?: () => void; reloadLabel?: string }) {
  const image = <img className="logo" src="/logo.svg" alt={name} width={64} height={64} />;
  if (!onClick) return image;
  return (
    <button type="button" className="logo-button" onClick={onClick} aria-label={reloadLabel}>
      {image}
    </button>
  );
}
