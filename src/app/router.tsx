import { Navigate, Route, Routes } from 'react-router-dom';
import { CallScreen } from '../screens/call/CallScreen';
import { EnterCodeScreen } from '../screens/enter-code/EnterCodeScreen';
import { HomeScreen } from '../screens/home/HomeScreen';
import { ResidentDirectoryScreen } from '../screens/resident-directory/ResidentDirectoryScreen';
import { ScanQrScreen } from '../screens/scan-qr/ScanQrScreen';

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
