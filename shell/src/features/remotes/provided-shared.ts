import type { ModuleFederation } from '@module-federation/runtime-core';

/**
 * The modules the shell provides to the remotes (React, the router, the query client, antd's
 * pieces, the zod facade…), each with its version and share config. The build replaces this
 * file's content with the list generated from tools/webpack/create-config.ts (`shellProvidedShared`,
 * see tools/webpack/provided-shared-loader.ts), so the list has one source.
 */
export declare const providedShared: NonNullable<ConstructorParameters<typeof ModuleFederation>[0]['shared']>;
