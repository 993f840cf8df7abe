import type * as RuntimeCore from '@module-federation/runtime-core';
import { shellFederationLibraries } from './remote-libraries';

/** `@module-federation/runtime-core` in a remote's build: the shell's (see libraries.ts). */
const runtimeCore = shellFederationLibraries().runtimeCore;

// Two names whose inferred types the declarations emitted for type-checking could not name.
export const Module: typeof RuntimeCore.Module = runtimeCore.Module;
export const helpers: typeof RuntimeCore.helpers = runtimeCore.helpers;
export const {
  CurrentGlobal,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} = runtimeCore;
