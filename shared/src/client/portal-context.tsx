import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './api-client';

export interface PortalIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}

/**
 * What the shell gives every app: the one API client (bound to the shell's Firebase identity)
 * and who is signed in. Remotes read it; they never build their own.
 */
export interface PortalContextValue {
  api: ApiClient;
  identity?: PortalIdentity | null;
  /** The chapter's time zone from the build configuration, if it names one. */
  timeZone?: string;
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
