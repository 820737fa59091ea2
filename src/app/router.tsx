import { Navigate, Route, Routes } from 'react-router-dom';
import { EnterCodeScreen } from '../screens/enter-code/EnterCodeScreen';
import { HomeScreen } from '../screens/home/HomeScreen';
import { ResidentDirectoryScreen } from '../screens/resident-directory/ResidentDirectoryScreen';
import { ScanQrScreen } from '../screens/scan-qr/ScanQrScreen';
import { lazyScreen } from './lazyScreen';

/** The call screen and its engine load when a call starts. */
const CallScreen = lazyScreen('call', () => import('../screens/call/CallScreen').then((module) => module.CallScreen));

/** Exact routes; anything else goes home. */
export function AppRoutes({ onReload }: { onReload: () => void }) {
  return (
    <Routes>
      <Route path="/" element={<HomeScreen onReload={onReload} />} />
      <Route path="/enter-code" element={<EnterCodeScreen />} />
      <Route path="/resident-directory" element={<ResidentDirectoryScreen />} />
      <Route path="/scan-qr" element={<ScanQrScreen />} />
      <Route path="/call" element={<CallScreen />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
