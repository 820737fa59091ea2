import { useNavigate } from 'react-router-dom';
import { CancelButton } from '../../components/CancelButton';
import { useButtons } from '../../features/input/useButtons';
import { useIdleTimeout } from '../../features/input/useIdleTimeout';

/** A screen whose feature is not built yet: says so and leaves like any other. */
export function PlaceholderScreen({ title }: { title: string }) {
  const navigate = useNavigate();
  const goHome = () => navigate('/');
  useIdleTimeout(goHome);
  useButtons((button) => {
    if (button === 'BACK') goHome();
  });
  return (
    <main className="screen placeholder">
      <h1>{title}</h1>
      <p>This feature is not available on this panel yet.</p>
      <footer className="screen-footer">
        <CancelButton onCancel={goHome} />
      </footer>
    </main>
  );
}
