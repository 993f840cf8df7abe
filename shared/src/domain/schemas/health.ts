import './zod-config';
import { z } from 'zod/mini';

export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  store: z.string(),
  time: z.iso.datetime(),
});
export type Health = z.infer<typeof healthSchema>;
