import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './api-client';

/**
 * What the shell gives every app: the one API client (bound to the shell's Firebase
 * identity) and links the footer shows. Remotes read it; they never build their own.
 */
export interface PortalContextValue {
  api: ApiClient;
}

const PortalContext = createContext<PortalContextValue | null>(null);

export function PortalProvider({ value, children }: { value: PortalContextValue; children: ReactNode }) {
  return <PortalContext.Provider value={value}>{children}</PortalContext.Provider>;
}

export function usePortal(): PortalContextValue {
  const value = useContext(PortalContext);
  if (!value) throw new Error('usePortal must be used inside the shell (PortalProvider is missing)');
  return value;
}
