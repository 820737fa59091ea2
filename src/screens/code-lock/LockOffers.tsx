import { useNavigate } from '../../hooks/pageAddress';
import { useAppSelector } from '../../store/hooks';
import { useServices } from '../../store/servicesContext';
import { KeyLink } from '../../components/KeyLink';
import { selectIsOnline } from '../../features/connectivity/connectivitySlice';
import { homeLinks } from '../../features/home-links/homeLinks';
import { useButtons } from '../../features/input/useButtons';
import { selectDevice, selectPropertyMeta } from '../../features/property/selectors';
import { useDevice } from '../../features/session/useDevice';

/**
 * While typed and scanned codes are locked (docs/rules.md#r5-2-9): what still
 * lets a visitor in, each one press away. A card still opens the gate; the
 * directory (UP or DOWN) and the manager (GO) are called from here, so a
 * guest with a valid code reaches their host, who opens the gate. Mounted
 * only while the lock holds, so the keys mean this only then.
 */
export function LockOffers() {
  const navigate = useNavigate();
  const { t, labels } = useDevice();
  const device = useAppSelector(selectDevice);
  const property = useAppSelector(selectPropertyMeta);
  const isOnline = useAppSelector(selectIsOnline);
  const links = homeLinks(device, property, isOnline, useServices().capabilities.camera);
  useButtons((button) => {
    if ((button === 'UP' || button === 'DOWN') && links.directory) navigate('/resident-directory');
    else if (button === 'GO' && links.callManager) navigate('/call');
  });
  return (
    <div className="lock-offers">
      <p>{t(links.directory || links.callManager ? 'lock.stillWorksCall' : 'lock.stillWorks')}</p>
      {(links.directory || links.callManager) && (
        <nav className="lock-offer-links">
          {links.directory && <KeyLink className="lock-offer" to="/resident-directory" text={t('home.callResident')} hint={labels ? `${labels.up} ${labels.down}` : null} />}
          {links.callManager && <KeyLink className="lock-offer" to="/call" text={t('home.callManager')} hint={labels?.go ?? null} />}
        </nav>
      )}
    </div>
  );
}
