import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../domain/limits';
import { fill, messages } from '../../domain/messages';

/** Environment validated at boot (README.md). A bad value stops the start with a clear message. */
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
          message: fill(messages.configEntier, { min, max, valeur: v }),
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
        ctx.addIssue({ code: 'custom', message: fill(messages.configUrl, { exemple: example, valeur: v }) });
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
      ctx.addIssue({ code: 'custom', message: fill(messages.configDrapeau, { valeur: v }) });
      return z.NEVER;
    });

/** A JWT_SECRET's shortest length (a shorter one is easy to guess). */
const JWT_SECRET_MIN_LENGTH = 32;

/** The longest window of the failure counters (sign-in, INE look-up); older counters are purged. */
export const RATE_WINDOW_MAX_MINUTES = 24 * 60;

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
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], messages.configExempleBase),
  /**
   * The connection kept for LISTEN (decision 017): it needs a session of its own, so behind a pooler
   * in transaction mode it must reach PostgreSQL directly. Unset: DATABASE_URL (docs/operations.md).
   */
  DATABASE_LISTEN_URL: optionalUrl(['postgres:', 'postgresql:'], messages.configExempleBase),
  /** `1`: DATABASE_URL goes through a pooler in transaction mode (PgBouncer `pool_mode = transaction`). */
  DATABASE_TRANSACTION_POOLER: flag(false),
  /** Connections of the instance's pool (the listening one aside). */
  DATABASE_POOL_MAX: intIn(2, 1000, 10),
  /** A statement running longer is cancelled by PostgreSQL; 0: no limit. */
  DATABASE_STATEMENT_TIMEOUT_MS: intIn(0, 86_400_000, 0),
  /** How long a query waits for a connection (a new one, or a free one of a busy pool); 0: no limit. */
  DATABASE_CONNECT_TIMEOUT_MS: intIn(0, 600_000, 10_000),
  /** A pooled connection unused this long is closed; 0: never. */
  DATABASE_IDLE_TIMEOUT_MS: intIn(0, 3_600_000, 10_000),
  /**
   * After SIGTERM/SIGINT, how long the instance keeps serving (its health answering 503) before it
   * closes its port, so that the balancer takes it out first. Unset: 5000 behind a balancer
   * (TRUST_PROXY set), 0 otherwise (docs/operations.md).
   */
  SHUTDOWN_DRAIN_MS: intIn(0, 600_000, -1),
  /** The rate-limit counters shared by every instance (docs/operations.md); unset: each instance's memory. */
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], messages.configExempleRedis),
  /**
   * argon2id's cost for the passwords and codes hashed from now on (decision 125): `standard`
   * (OWASP's minimum) everywhere, `test` (cheap) for the test suites' servers only.
   */
  PASSWORD_HASH_COST: z
    .enum(['standard', 'test'])
    .optional()
    .transform((v) => v ?? 'standard'),
  /** Where documents live: `directory` (DATA_DIR/documents) or `database` (docs/operations.md). */
  DOCUMENTS_STORE: z
    .enum(['directory', 'database'])
    .optional()
    .transform((v) => v ?? 'directory'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], messages.configExempleSmtp),
  /** The SMS centre (docs/operations.md, SMPP 3.4 transceiver bind); unset: SMS written under DATA_DIR/sms. */
  SMPP_URL: optionalUrl(['smpp:'], messages.configExempleSmpp),
  /** The sender of the SMS: up to 11 letters and digits, or a number. */
  SMS_EXPEDITEUR: z
    .string()
    .optional()
    .transform((v) => (v && v.trim()) || 'CENOU'),
  /** `submit_sm` in flight at once on the SMPP bind. */
  SMPP_WINDOW: intIn(1, 100, 10),
  /**
   * The mobile-money provider (docs/payments.md): its API's base address (FedaPay's scheme:
   * `https://api.fedapay.com`, `https://sandbox-api.fedapay.com`), its secret key, and the secret
   * its webhooks are signed with. Unset: the simulator the product serves (demo and tests).
   */
  PAIEMENT_URL: optionalUrl(['https:', 'http:'], messages.configExemplePaiement),
  PAIEMENT_CLE: z
    .string()
    .optional()
    .transform((v) => (v && v.trim()) || undefined),
  PAIEMENT_SECRET_WEBHOOK: z
    .string()
    .optional()
    .transform((v) => (v && v.trim()) || undefined),
  /**
   * The secret the USSD gateway sends in `X-USSD-Secret` (docs/ussd.md). Unset: derived from the
   * JWT secret (every instance agrees), which the staff's USSD phone uses on the demo.
   */
  USSD_SECRET: z
    .string()
    .optional()
    .transform((v) => (v && v.trim()) || undefined),
  MAIL_FROM: z
    .string()
    .optional()
    .transform((v) => (v && v.trim()) || `${messages.expediteurMails} <no-reply@cenou.bf>`),
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
    .refine((v) => !v || v.length >= PASSWORD_MIN_LENGTH, {
      message: fill(messages.configLongueurMin, { n: PASSWORD_MIN_LENGTH }),
    }),
  JWT_SECRET: z
    .string()
    .optional()
    .refine((v) => !v || v.length >= JWT_SECRET_MIN_LENGTH, {
      message: fill(messages.configLongueurMin, { n: JWT_SECRET_MIN_LENGTH }),
    }),
  DEMO_DATA: flag(undefined),
  TRUST_PROXY: flag(false),
  TOKEN_TTL_HOURS: intIn(1, 24 * 30, 8),
  SIGNIN_MAX_FAILURES: intIn(1, 1000, 10),
  SIGNIN_WINDOW_MINUTES: intIn(1, RATE_WINDOW_MAX_MINUTES, 15),
  INE_MAX_FAILURES: intIn(1, 1000, 10),
  INE_WINDOW_MINUTES: intIn(1, RATE_WINDOW_MAX_MINUTES, 15),
  PUBLIC_RATE_PER_MINUTE: intIn(1, 1_000_000, 300),
  /** Requests a minute per account on the resumable uploads (docs/api.md#resumable-uploads): a chunk is one request. */
  UPLOAD_RATE_PER_MINUTE: intIn(1, 1_000_000, 600),
  /** How often the job queue looks for due mails, SMS and simulated webhooks (docs/operations.md#the-job-queue). */
  QUEUE_INTERVAL_MS: intIn(50, 60_000, -1),
  /** How often the answers job looks for messages from phones not answered yet (docs/messages.md#answers-by-sms). */
  SMS_ANSWERS_INTERVAL_MS: intIn(50, 60_000, -1),
  /** The old name of both (it drove the four pollers): still read, with a line in the log. */
  MAIL_WORKER_INTERVAL_MS: intIn(50, 60_000, -1),
  /** How often each instance stamps the platform's pulse (docs/availability.md). */
  HEARTBEAT_INTERVAL_MS: intIn(1000, 600_000, 60_000),
  /** An outage of the platform or of the payment provider longer than this moves deadlines (docs/availability.md). */
  PANNE_PLAFOND_MINUTES: intIn(1, 10_080, 60),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .optional()
    .transform((v) => v ?? 'info'),
  /** `pretty`: French lines for people; `json`: one JSON object a line; unset: pretty on a terminal. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
});

/** QUEUE_INTERVAL_MS and SMS_ANSWERS_INTERVAL_MS when unset (and the old name too). */
const DEFAULT_INTERVAL_MS = 1000;

/** A setting renamed: its old name, the new ones that take its value when they are unset. */
interface RenamedSetting {
  ancien: string;
  nouveaux: string;
}
const RENAMED_INTERVAL: RenamedSetting = {
  ancien: 'MAIL_WORKER_INTERVAL_MS',
  nouveaux: 'QUEUE_INTERVAL_MS, SMS_ANSWERS_INTERVAL_MS',
};

/** The drain of a stop when SHUTDOWN_DRAIN_MS is unset and the instance runs behind a balancer. */
export const DEFAULT_DRAIN_MS = 5_000;

const checkedSchema = envSchema
  .superRefine((c, ctx) => {
    if (c.PAIEMENT_URL && (!c.PAIEMENT_CLE || !c.PAIEMENT_SECRET_WEBHOOK))
      ctx.addIssue({ code: 'custom', path: ['PAIEMENT_URL'], message: messages.configPaiementIncomplet });
    if (!c.DATABASE_TRANSACTION_POOLER) return;
    if (!c.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_TRANSACTION_POOLER'],
        message: messages.configPoolerSansBase,
      });
    if (c.DATABASE_URL && !c.DATABASE_LISTEN_URL)
      ctx.addIssue({ code: 'custom', path: ['DATABASE_LISTEN_URL'], message: messages.configPoolerEcoute });
    if (c.DATABASE_STATEMENT_TIMEOUT_MS > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_STATEMENT_TIMEOUT_MS'],
        message: messages.configPoolerDelaiRequete,
      });
  })
  .transform(({ MAIL_WORKER_INTERVAL_MS, ...c }) => {
    const interval = (v: number) =>
      v >= 0 ? v : MAIL_WORKER_INTERVAL_MS >= 0 ? MAIL_WORKER_INTERVAL_MS : DEFAULT_INTERVAL_MS;
    return {
      ...c,
      SHUTDOWN_DRAIN_MS:
        c.SHUTDOWN_DRAIN_MS >= 0 ? c.SHUTDOWN_DRAIN_MS : c.TRUST_PROXY ? DEFAULT_DRAIN_MS : 0,
      QUEUE_INTERVAL_MS: interval(c.QUEUE_INTERVAL_MS),
      SMS_ANSWERS_INTERVAL_MS: interval(c.SMS_ANSWERS_INTERVAL_MS),
      /** Old names found in the environment: the start logs each (`messages.configReglageRenomme`). */
      renamedSettings: MAIL_WORKER_INTERVAL_MS >= 0 ? [RENAMED_INTERVAL] : [],
    };
  });

export type Config = z.output<typeof checkedSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = checkedSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')} ${i.message}`);
    throw new ConfigError(`${messages.configInvalide}\n${lines.join('\n')}`);
  }
  return parsed.data;
}
