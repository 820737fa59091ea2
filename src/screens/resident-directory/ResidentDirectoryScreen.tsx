import { useNavigate } from '../../hooks/pageAddress';
import { useIdleTimeout } from '../../features/input/useIdleTimeout';
import { useDevice } from '../../features/session/useDevice';
import { prompts } from '../../features/speech/prompts';
import { useSpokenPrompt } from '../../features/speech/useSpokenPrompt';
import { ButtonDirectory } from './ButtonDirectory';
import { TouchDirectory } from './TouchDirectory';
import './ResidentDirectoryScreen.css';

/** 'call resident': pages and a lookup code on button panels, a scrolling list with A-Z and a name search on TOUCH. */
export function ResidentDirectoryScreen() {
  const navigate = useNavigate();
  const { touch, model } = useDevice();
  useSpokenPrompt(prompts.directory(model));
  const goHome = () => navigate('/');
  const call = (residentId: number) => navigate(`/call?resident=${residentId}`);

  useIdleTimeout(goHome);

  return (
    <main className={touch ? 'screen directory directory-touch' : 'screen directory'}>
      {touch ? <TouchDirectory onCall={call} onCancel={goHome} /> : <ButtonDirectory onCall={call} onCancel={goHome} />}
    </main>
  );
}
