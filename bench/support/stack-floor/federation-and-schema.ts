import { ModuleFederation } from '@module-federation/runtime-core';
import { z } from 'zod';

/** The host's federation instance and one zod schema, as the portal's shell has them. */
const emailSchema = z.string().trim().toLowerCase().min(1).max(254).pipe(z.email());

export const validEmail = (value: string): string => emailSchema.parse(value);

export function startFederation(): ModuleFederation {
  return new ModuleFederation({ name: 'shell', remotes: [], shareStrategy: 'loaded-first' });
}
