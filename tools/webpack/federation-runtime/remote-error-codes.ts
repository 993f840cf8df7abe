import { shellFederationLibraries } from './remote-libraries';

/** `@module-federation/error-codes` in a remote's build: the shell's (see libraries.ts). */
export const { RUNTIME_009, runtimeDescMap } = shellFederationLibraries().errorCodes;
