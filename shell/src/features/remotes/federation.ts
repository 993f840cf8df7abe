import { ModuleFederation, setGlobalFederationInstance } from '@module-federation/runtime-core';
import provideFederationLibraries from '../../../../tools/webpack/federation-runtime/provide-libraries';
import { providedShared } from './provided-shared';

/**
 * The shell's Module Federation runtime, in a chunk of its own that the page imports the first
 * time a route needs a remote (remote-loader.ts): a page without a remote (the signed-out landing)
 * downloads none of it. The shell's own code imports React, the router and the rest as ordinary
 * modules; here it hands them to the remotes as the shared modules they consume, and the libraries
 * their federation glue reads (provideFederationLibraries).
 *
 * The instance is made from runtime-core directly, as `@module-federation/runtime`'s `init` makes
 * it: that package is each remote's per-container glue, so importing it here too would put a
 * second copy of it in every signed-in visit.
 */
const shell = new ModuleFederation({
  name: 'shell',
  remotes: [],
  shared: providedShared,
  shareStrategy: 'loaded-first',
  plugins: [provideFederationLibraries()],
});
setGlobalFederationInstance(shell);

export const registerRemotes: ModuleFederation['registerRemotes'] = shell.registerRemotes.bind(shell);
export const loadRemote: ModuleFederation['loadRemote'] = shell.loadRemote.bind(shell);
