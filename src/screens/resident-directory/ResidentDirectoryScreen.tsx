import { useNavigate, useSearchParams } from '../../hooks/pageAddress';
import { useAppSelector } from '../../store/hooks';
import { useIdleTimeout } from '../../features/input/useIdleTimeout';
import { selectDeliveriesEnabled } from '../../features/session/deviceSettings';
import { useDevice } from '../../features/session/useDevice';
import { useScreenStrings } from '../../features/session/useScreenStrings';
import { prompts } from '../../features/speech/prompts';
import { useSpokenPrompt } from '../../features/speech/useSpokenPrompt';
import { useScreenLayers } from '../../hooks/screenLayers';
import { ButtonDirectory } from './ButtonDirectory';
import { TouchDirectory } from './TouchDirectory';
import './ResidentDirectoryScreen.css';

/**
 * 'call resident': pages and a lookup code on button panels, a scrolling list
 * with A-Z and a name search on TOUCH. From home's Delivery link
 * (`?reason=delivery`, while the device record allows deliveries) it says so,
 * and the resident picked gets a delivery call.
 */
export function ResidentDirectoryScreen() {
  const navigate = useNavigate();
  const { touch, model } = useDevice();
  const ts = useScreenStrings();
  const deliveries = useAppSelector(selectDeliveriesEnabled);
  const delivery = useSearchParams().get('reason') === 'delivery' && deliveries;
  useSpokenPrompt(prompts.directory(model, delivery));
  const layers = useScreenLayers();
  const goHome = () => layers.leaveToHome();
  const call = (residentId: number) => navigate(`/call?resident=${residentId}${delivery ? '&reason=delivery' : ''}`);
  const purpose = delivery ? <p className="directory-delivery">{ts('directory.delivery')}</p> : null;

  useIdleTimeout(() => navigate('/'));

  return (
    <main className={touch ? 'screen directory directory-touch' : 'screen directory'}>
      {touch ? (
        <TouchDirectory onCall={call} onCancel={goHome} purpose={purpose} />
      ) : (
        <ButtonDirectory onCall={call} onCancel={goHome} purpose={purpose} />
      )}
    </main>
  );
}
