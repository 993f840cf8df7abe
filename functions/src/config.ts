import { z } from 'zod';

const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

const localConfigSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  AUTH_EMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(9099),
  PORTAL_PROJECT_ID: z
    .string()
    .regex(/^demo-[a-z0-9-]+$/, 'Local mode needs a demo- project id so nothing reaches a real project')
    .default('demo-portal'),
  LOG_LEVEL: logLevel.default('info'),
});
export type LocalConfig = z.infer<typeof localConfigSchema>;

/** Reads the local runtime's settings from the environment; a bad value stops the start with a clear message. */
export function loadLocalConfig(env: NodeJS.ProcessEnv = process.env): LocalConfig {
  const result = localConfigSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return result.data;
}
