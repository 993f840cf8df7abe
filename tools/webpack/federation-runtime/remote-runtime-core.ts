import { shellFederationLibraries } from './libraries';

/** `@module-federation/runtime-core` in a remote's build: the shell's (see libraries.ts). */
export const {
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
} = shellFederationLibraries().runtimeCore;
