import { shellFederationLibraries } from './remote-libraries';

/** `@module-federation/sdk` in a remote's build: the shell's (see libraries.ts). */
export const { ENCODE_NAME_PREFIX, decodeName } = shellFederationLibraries().sdk;
