import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import { fill, messages } from '../../domain/messages';
import type { Config } from '../config/env';

/** French names of the log levels, as a person reads them on a terminal. */
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'ALERTE',
  50: 'ERREUR',
  60: 'FATAL',
};

/** Fastify's own messages, in French. */
const FASTIFY_MESSAGES: [RegExp, string][] = [
  [/^incoming request$/, messages.consoleRequeteRecue],
  [/^request completed$/, messages.consoleReponseEnvoyee],
  [/^Server listening at (.*)$/, fill(messages.consoleServeurEcoute, { adresse: '$1' })],
];

export function frenchMessage(msg: string): string {
  for (const [pattern, french] of FASTIFY_MESSAGES)
    if (pattern.test(msg)) return msg.replace(pattern, french);
  return msg;
}

/** Whether the log is written for people (a terminal, or LOG_FORMAT=pretty) rather than as JSON lines. */
export function isPrettyLog(
  config: Pick<Config, 'LOG_FORMAT'>,
  isTTY = Boolean(process.stdout.isTTY),
): boolean {
  return config.LOG_FORMAT ? config.LOG_FORMAT === 'pretty' : isTTY;
}

/**
 * The server's logger: on a terminal, one readable French line per event (time in Ouagadougou,
 * level, message, and the request's method, address and status for request lines); otherwise (a
 * file, a log collector) or with LOG_FORMAT=json, pino's JSON lines, one object a line.
 */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>,
): FastifyServerOptions['logger'] {
  if (!isPrettyLog(config)) return { level: config.LOG_LEVEL };
  const stream = pretty({
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:dd/mm/yyyy HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    customPrettifiers: {
      level: (value) => LEVELS[Number(value)] ?? String(value),
    },
    messageFormat: (log, messageKey) => {
      const msg = frenchMessage(String(log[messageKey] ?? ''));
      const req = log.req as { method?: string; url?: string } | undefined;
      const res = log.res as { statusCode?: number } | undefined;
      if (req?.method) return `${msg} — ${req.method} ${req.url ?? ''}`;
      if (res?.statusCode) {
        const ms =
          typeof log.responseTime === 'number'
            ? ` ${fill(messages.consoleDuree, { ms: Math.round(log.responseTime) })}`
            : '';
        return `${msg} — ${res.statusCode}${ms}`;
      }
      return msg;
    },
  });
  return { level: config.LOG_LEVEL, stream };
}

export interface AccountLine {
  label: string;
  userName: string;
  password: string;
}

/**
 * The accounts a newcomer needs, set apart in a frame so that they are found among the log lines
 * (written once, at the first start). On a terminal only: as JSON lines they stay log entries.
 */
export function accountsBlock(title: string, accounts: readonly AccountLine[], footer?: string): string {
  const lines = accounts.flatMap((a) => [
    `  ${a.label}`,
    `      ${fill(messages.consoleComptesLigne, { identifiant: a.userName, motDePasse: a.password })}`,
  ]);
  const width = Math.max(title.length + 4, ...lines.map((l) => l.length + 2), (footer?.length ?? 0) + 4);
  const rule = '─'.repeat(width);
  return [
    '',
    `┌${rule}`,
    `│ ${title}`,
    `├${rule}`,
    ...lines.map((l) => `│${l}`),
    ...(footer ? [`├${rule}`, `│ ${footer}`] : []),
    `└${rule}`,
    '',
  ].join('\n');
}
