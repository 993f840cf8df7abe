import { PortalLogo } from './portal-logo';

export const LOADING_TEXT = 'Doing some important stuff, hold on...';

const PULSE = '@keyframes portal-pulse { 50% { opacity: 0.45; transform: scale(0.94); } }';

export function LoadingScreen() {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 16,
        minHeight: '60vh',
      }}
    >
      <style>{PULSE}</style>
      <div style={{ animation: 'portal-pulse 1.4s ease-in-out infinite' }}>
        <PortalLogo size={72} />
      </div>
      <span>{LOADING_TEXT}</span>
    </div>
  );
}
