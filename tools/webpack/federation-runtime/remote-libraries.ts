import type { FederationLibraries } from './libraries';

/**
 * The global's name (FEDERATION_LIBRARIES_GLOBAL in libraries.ts), written in by the remote's build:
 * importing libraries.ts here would put a second copy of that module in every signed-in visit.
 */
declare const __PORTAL_FEDERATION_LIBRARIES_GLOBAL__: string;

/** The shell's libraries, in a remote (the shell has set them before it loads any remote; see libraries.ts). */
export function shellFederationLibraries(): FederationLibraries {
  const libraries = (globalThis as Record<string, unknown>)[__PORTAL_FEDERATION_LIBRARIES_GLOBAL__];
  if (!libraries) throw new Error('A remote was loaded without the shell that provides its federation runtime');
  return libraries as FederationLibraries;
}
