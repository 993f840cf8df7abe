import type { ClientConfig } from '@portal/shared/domain/schemas/client-config';

declare const __PORTAL_CLIENT_CONFIG__: ClientConfig;

/** Validated by the build (tools/webpack) and injected as a constant. */
export const clientConfig: ClientConfig = __PORTAL_CLIENT_CONFIG__;
