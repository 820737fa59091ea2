import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useServices } from '../../store/servicesContext';
import { config } from '../../config/config';
import { CHROMIUM_FLOOR, engineLabel, engineSupport, type Engine } from '../../services/browser/engine';
import { engineOf } from '../../services/browser/engineOf';
import { oldestQueuedAt, selectQueuedAccessRequests } from '../../features/access-queue/accessQueueSlice';
import { selectHardwareSocket } from '../../features/hardware/hardwareStatusSlice';
import { selectIsOnline } from '../../features/connectivity/connectivitySlice';
import { selectPropertyError } from '../../features/property/propertyLoadSlice';
import { selectPropertyAgeMs } from '../../features/property/propertyAgeSlice';
import { guestCodesExpired } from '../../features/property/validCodes';
import { selectFaults, selectLastPropertyLoad, selectPropertyFailingSince, type Fault } from '../../features/diagnostics/diagnosticsSlice';
import { FAULT_REMEDIES } from '../../features/diagnostics/faultRemedies';
import { codeLockLifted, selectCodeLock } from '../../features/code-lock/codeLockSlice';
import { useCodeLockSeconds } from '../../features/code-lock/useCodeLock';
import { useButtons } from '../../features/input/useButtons';
import { selectDeviceSettings } from '../../features/session/deviceSettings';
import { selectModel } from '../../features/session/sessionSlice';
import { useDevice } from '../../features/session/useDevice';
import type { Capabilities } from '../../lib/capabilities';
import { installerStrings, type InstallerKey } from '../../strings/installerStrings';
import './InstallerScreen.css';

/**
 * What an installer needs to see at the panel: the build, the model and its
 * settings, the browser engine, connectivity, the property data, the queue, the hardware socket
 * and the faults the panel found. Never a code, never the token.
 */
export function InstallerScreen() {
  const { labels } = useDevice();
  const services = useServices();
  const engine = engineOf(services.browser.userAgent);
  const model = useAppSelector(selectModel);
  const settings = useAppSelector(selectDeviceSettings);
  const online = useAppSelector(selectIsOnline);
  const backEndFailing = useAppSelector(selectPropertyError);
  const lastLoad = useAppSelector(selectLastPropertyLoad);
  const failingSince = useAppSelector(selectPropertyFailingSince);
  const queue = useAppSelector(selectQueuedAccessRequests);
  const socket = useAppSelector(selectHardwareSocket);
  const faults = useAppSelector(selectFaults);
  const { offlineStartMissing } = services.capabilities;
  const t = installerStrings(settings.language);
  const time = (ms: number) => new Date(ms).toLocaleString(settings.language, { dateStyle: 'short', timeStyle: 'medium' });
  const oldest = oldestQueuedAt(queue);
  // Ages are given as of the screen's opening: it closes within 60 s, and they are counted in hours.
  const [openedAt] = useState(() => services.clock());
  const ageMs = useAppSelector((state) => selectPropertyAgeMs(state, openedAt));
  const dispatch = useAppDispatch();
  const refusedCodes = useAppSelector(selectCodeLock).refusedAt.length;
  const lockSeconds = useCodeLockSeconds();
  useButtons((button) => {
    if (button === 'GO' && (lockSeconds > 0 || refusedCodes > 0)) dispatch(codeLockLifted({ by: 'installer' }));
  });

  const load = lastLoad === null ? t('installer.never') : time(lastLoad);
  const rows: Array<[InstallerKey, string]> = [
    ['installer.version', config.version],
    ['installer.model', model],
    ['installer.language', settings.language],
    ['installer.spokenPrompts', t(settings.spokenPrompts ? 'installer.on' : 'installer.off')],
    ['installer.engine', engineText(t, engine)],
    ['installer.connectivity', t(!online ? 'installer.offline' : backEndFailing ? 'installer.backEndFailing' : 'installer.online')],
    ['installer.propertyLoad', failingSince === null ? load : t('installer.failingSince', { time: load, since: time(failingSince) })],
    ['installer.guestCodes', guestCodesText(t, settings.offlineGuestCodeHours, ageMs)],
    ['installer.queue', oldest !== null ? t('installer.queueOldest', { count: queue.length, time: time(oldest) }) : String(queue.length)],
    ['installer.socket', socketText(t, socket.state, socket.since === null ? '' : time(socket.since))],
    ['installer.offlineStart', t(OFFLINE_START[offlineStartMissing ?? 'ready'])],
    // TOUCH panels open this screen from a keyboard: its Enter is GO.
    ['installer.codeLock', codeLockText(t, lockSeconds, refusedCodes, labels?.go ?? 'Enter')],
  ];

  return (
    <main className="screen installer-screen">
      <h1>{t('installer.title')}</h1>
      <dl className="installer-facts">
        {rows.map(([key, value]) => (
          <div key={key} className="installer-fact">
            <dt>{t(key)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>{t('installer.faults')}</h2>
      {faults.length === 0 ? (
        <p className="installer-none">{t('installer.noFaults')}</p>
      ) : (
        <ul className="installer-faults">
          {faults.map((fault) => (
            <FaultRow key={fault.kind} fault={fault} t={t} time={time} />
          ))}
        </ul>
      )}
      <p className="screen-footer installer-leave">{labels ? t('installer.leave', { back: labels.back }) : t('installer.touchLeave')}</p>
    </main>
  );
}

type InstallerTranslate = ReturnType<typeof installerStrings>;

/** Whether the kiosk keeps itself for an offline start, and why not. */
const OFFLINE_START: Record<NonNullable<Capabilities['offlineStartMissing']> | 'ready', InstallerKey> = {
  ready: 'installer.offlineReady',
  'no-service-worker': 'installer.offlineNoServiceWorker',
  'insecure-context': 'installer.offlineInsecure',
};

/** Whether typed and scanned codes are locked, and how many refusals count towards the next lock. */
function codeLockText(t: InstallerTranslate, lockSeconds: number, count: number, go: string): string {
  if (lockSeconds > 0) return t('installer.codeLockLocked', { minutes: Math.ceil(lockSeconds / 60), count, go });
  return count > 0 ? t('installer.codeLockCounted', { count, go }) : t('installer.codeLockNone');
}

function socketText(t: InstallerTranslate, state: string, since: string): string {
  if (state === 'connected') return t('installer.socketConnected', { time: since });
  if (state === 'connecting') return t('installer.socketConnecting');
  return t('installer.socketDown', { time: since });
}

/** Whether guests' codes open the gate on data this old, and for how long (docs/answers.md). */
function guestCodesText(t: InstallerTranslate, hours: number, ageMs: number | null): string {
  if (hours === 0) return t('installer.guestCodesNoLimit');
  if (ageMs === null) return t('installer.guestCodesUpTo', { hours });
  const age = Math.floor(ageMs / 3_600_000);
  return t(guestCodesExpired(ageMs, hours) ? 'installer.guestCodesRefused' : 'installer.guestCodesOpen', { hours, age });
}

/** The engine, and where it stands against the kiosk's floor. */
function engineText(t: InstallerTranslate, engine: Engine): string {
  const label = engineLabel(engine);
  const support = engineSupport(engine);
  if (support === 'below-floor') return t('installer.engineBelowFloor', { engine: label, floor: CHROMIUM_FLOOR });
  if (support === 'touch-only') return t('installer.engineTouchOnly', { engine: label });
  if (support === 'untested') return t('installer.engineUntested', { engine: label });
  return label;
}

function FaultRow({ fault, t, time }: { fault: Fault; t: InstallerTranslate; time: (ms: number) => string }) {
  const when =
    fault.clearedAt === null
      ? t('installer.faultActive', { time: time(fault.since) })
      : t('installer.faultCleared', { since: time(fault.since), time: time(fault.clearedAt) });
  const remedy = FAULT_REMEDIES[fault.kind];
  return (
    <li className={fault.clearedAt === null ? 'installer-fault active' : 'installer-fault'}>
      <strong>{t(`fault.${fault.kind}`)}</strong> {when} ({fault.detail}),{' '}
      {t(fault.reported ? 'installer.reported' : 'installer.notReported')}
      {remedy && fault.clearedAt === null ? ` ${t(remedy)}` : null}
    </li>
  );
}
