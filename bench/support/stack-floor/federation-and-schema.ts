import { ModuleFederation } from '@module-federation/runtime-core';
import { z } from 'zod/mini';

/** The host's federation instance and one zod schema (zod's mini API, English messages), as the portal's shell has them. */
z.config(z.locales.en());
const emailSchema = z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(254)), z.email());

export const validEmail = (value: string): string => emailSchema.parse(value);

export function startFederation(): ModuleFederation {
  return new ModuleFederation({ name: 'shell', remotes: [], shareStrategy: 'loaded-first' });
}
