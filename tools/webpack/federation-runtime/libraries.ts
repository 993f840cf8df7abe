import type * as ErrorCodes from '@module-federation/error-codes';
import type * as RuntimeCore from '@module-federation/runtime-core';
import type * as Sdk from '@module-federation/sdk';

/**
 * The remotes run on the shell's Module Federation runtime instead of carrying a copy of their
 * own. Each remote keeps only its per-container glue (@module-federation/webpack-bundler-runtime
 * and @module-federation/runtime, which hold that container's state and are built with its own
 * flags); what the glue imports of the libraries below it (runtime-core, the sdk, the error codes)
 * comes from the shell through this global, which the shell's runtime plugin (`provide-libraries.ts`)
 * sets and the remotes' stand-ins for those packages (`remote-*.ts`) read. Only the names the glue
 * imports are handed over, so the shell's own copy stays tree-shaken (Module Federation's
 * `provideExternalRuntime` hands over all of runtime-core: +14 KB gzip on every page);
 * `federation-runtime.test.ts` reads the installed glue so the lists stay complete. Why, and how to
 * undo it: docs/decisions/federation-runtime.md.
 */
export const FEDERATION_LIBRARIES_GLOBAL = '__PORTAL_FEDERATION_LIBRARIES__';

export interface FederationLibraries {
  runtimeCore: Pick<
    typeof RuntimeCore,
    | 'CurrentGlobal'
    | 'Module'
    | 'ModuleFederation'
    | 'assert'
    | 'getGlobalFederationConstructor'
    | 'getRemoteEntry'
    | 'getRemoteInfo'
    | 'helpers'
    | 'loadScript'
    | 'loadScriptNode'
    | 'registerGlobalPlugins'
    | 'satisfy'
    | 'setGlobalFederationConstructor'
    | 'setGlobalFederationInstance'
  >;
  sdk: Pick<typeof Sdk, 'ENCODE_NAME_PREFIX' | 'decodeName'>;
  errorCodes: Pick<typeof ErrorCodes, 'RUNTIME_009' | 'runtimeDescMap'>;
}
