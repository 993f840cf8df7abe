import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import provideFederationLibraries from '../../../../tools/webpack/federation-runtime/provide-libraries';
import { providedShared } from './provided-shared';

/**
 * The shell's Module Federation runtime, in a chunk of its own that the page imports the first
 * time a route needs a remote (remote-loader.ts): a page without a remote (the signed-out landing)
 * downloads none of it. The shell's own code imports React, the router and the rest as ordinary
 * modules; here it hands them to the remotes as the shared modules they consume, and the libraries
 * their federation glue reads (provideFederationLibraries).
 */
init({
  name: 'shell',
  remotes: [],
  shared: providedShared,
  shareStrategy: 'loaded-first',
  plugins: [provideFederationLibraries()],
});

export { loadRemote, registerRemotes };
