import { z } from 'zod';

/** Environment validated at boot (CONTRACT §1). A bad value stops the start with a clear message. */
const intIn = (min: number, max: number, def: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return def;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `doit être un entier entre ${min} et ${max} (reçu « ${v} »)`,
        });
        return z.NEVER;
      }
      return n;
    });

const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      try {
        const u = new URL(v);
        if (!protocols.includes(u.protocol)) throw new Error('protocol');
        if (!u.hostname) throw new Error('host');
        return v;
      } catch {
        ctx.addIssue({ code: 'custom', message: `doit être une URL de la forme ${example} (reçu « ${v} »)` });
        return z.NEVER;
      }
    });

const flag = (def: boolean | undefined) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return def;
      if (['1', 'true', 'yes', 'oui'].includes(v.toLowerCase())) return true;
      if (['0', 'false', 'no', 'non'].includes(v.toLowerCase())) return false;
      ctx.addIssue({ code: 'custom', message: `doit valoir 1 ou 0 (reçu « ${v} »)` });
      return z.NEVER;
    });

const envSchema = z.object({
  PORT: intIn(1, 65535, 3000),
  HOST: z
    .string()
    .optional()
    .transform((v) => (v && v.trim()) || '127.0.0.1'),
  DATA_DIR: z
    .string()
    .optional()
    .transform((v) => (v && v.trim()) || './data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://utilisateur:motdepasse@hôte:5432/base'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtp://utilisateur:motdepasse@hôte:587'),
  MAIL_FROM: z
    .string()
    .optional()
    .transform((v) => (v && v.trim()) || 'CENOU Hébergement <no-reply@cenou.bf>'),
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((v) => (v && v.trim()) || undefined),
  ADMIN_USERNAME: z
    .string()
    .optional()
    .transform((v) => (v && v.trim()) || 'admin'),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .refine((v) => !v || v.length >= 8, { message: 'doit contenir au moins 8 caractères' }),
  JWT_SECRET: z
    .string()
    .optional()
    .refine((v) => !v || v.length >= 32, { message: 'doit contenir au moins 32 caractères' }),
  DEMO_DATA: flag(undefined),
  TRUST_PROXY: flag(false),
  TOKEN_TTL_HOURS: intIn(1, 24 * 30, 8),
  SIGNIN_MAX_FAILURES: intIn(1, 1000, 10),
  SIGNIN_WINDOW_MINUTES: intIn(1, 24 * 60, 15),
  INE_MAX_FAILURES: intIn(1, 1000, 10),
  INE_WINDOW_MINUTES: intIn(1, 24 * 60, 15),
  PUBLIC_RATE_PER_MINUTE: intIn(1, 1_000_000, 300),
  MAIL_WORKER_INTERVAL_MS: intIn(50, 60_000, 1000),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .optional()
    .transform((v) => v ?? 'info'),
  /** `pretty`: French lines for people; `json`: one JSON object a line; unset: pretty on a terminal. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
});

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')} ${i.message}`);
    throw new ConfigError(`Configuration invalide :\n${lines.join('\n')}`);
  }
  return parsed.data;
}
