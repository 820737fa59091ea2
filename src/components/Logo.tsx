export function Logo({ onClick }: { onClick?: () => void }) {
  const image = <img className="logo" src="/logo.svg" alt="Gate Kiosk" width={64} height={64} />;
  if (!onClick) return image;
  return (
    <button type="button" className="logo-button" onClick={onClick} aria-label="Reload">
      {image}
    </button>
  );
}
