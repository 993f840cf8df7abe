import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RUNTIME_009, runtimeDescMap } from '@module-federation/error-codes';
import {
  assert,
  CurrentGlobal,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  Module,
  ModuleFederation,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';
import { decodeName, ENCODE_NAME_PREFIX } from '@module-federation/sdk';
import { FEDERATION_LIBRARIES_GLOBAL, type FederationLibraries } from './libraries';

/** The shell's runtime plugin: hands the remotes what their federation glue imports (see libraries.ts). */
export default function provideFederationLibraries(): ModuleFederationRuntimePlugin {
  const libraries: FederationLibraries = {
    runtimeCore: {
      CurrentGlobal,
      Module,
      ModuleFederation,
      assert,
      getGlobalFederationConstructor,
      getRemoteEntry,
      getRemoteInfo,
      helpers,
      loadScript,
      loadScriptNode,
      registerGlobalPlugins,
      satisfy,
      setGlobalFederationConstructor,
      setGlobalFederationInstance,
    },
    sdk: { ENCODE_NAME_PREFIX, decodeName },
    errorCodes: { RUNTIME_009, runtimeDescMap },
  };
  (globalThis as Record<string, unknown>)[FEDERATION_LIBRARIES_GLOBAL] = libraries;
  return { name: 'portal-provide-federation-libraries' };
}
