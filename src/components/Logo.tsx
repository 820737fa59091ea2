import { useStrings } from '../features/session/useStrings';

export function Logo({ onClick }: { onClick?: () => void }) {
  const t = useStrings();
  const image = <img className="logo" src="/logo.svg" alt={t('app.name')} width={64} height={64} />;
  if (!onClick) return image;
  return (
    <button type="button" className="logo-button" onClick={onClick} aria-label={t('app.reload')}>
      {image}
    </button>
  );
}
