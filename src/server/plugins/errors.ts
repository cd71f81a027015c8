import type { FastifyError, FastifyInstance } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../domain/errors';
import { messages } from '../../domain/messages';
import { AppError } from '../errors';
import { isConnectionLost } from '../db/transaction';

/**
 * `Retry-After` of a 503 (seconds): a lost connection is replaced at once, a database restarting
 * takes a few seconds (docs/decisions/025-database-faults.md).
 */
export const RETRY_AFTER_SECONDS = 5;

const DB_UNAVAILABLE = new Set([
  '40001',
  '40P01',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '53300',
]);

const unavailable = {
  status: 503,
  body: { code: 'INDISPONIBLE', message: messages.erreurServiceIndisponible },
  log: true,
} as const satisfies { status: number; body: ErrorBody; log: boolean };

/** Maps every error to the docs/api.md#errors; bad input never yields a 5xx. */
function toErrorReply(err: unknown): { status: number; body: ErrorBody; log: boolean } {
  if (err instanceof AppError) return { status: err.status, body: err.body(), log: false };
  // The database unreachable or a connection lost, wherever the driver's error is wrapped: never a
  // 500 (the statement was retried once where that is safe, db/client.ts and db/transaction.ts).
  if (isConnectionLost(err)) return unavailable;
  // Drizzle wraps driver errors (DrizzleQueryError): the PostgreSQL code is on the cause.
  const cause = (err as { cause?: { code?: unknown } } | null)?.cause;
  if (err instanceof DrizzleQueryError && typeof cause?.code === 'string') return toErrorReply(cause);
  const e = err as FastifyError & { code?: string; validation?: unknown[]; statusCode?: number };

  if (hasZodFastifySchemaValidationErrors(e)) {
    const inHeaders = (e as { validationContext?: string }).validationContext === 'headers';
    const errors = e.validation.flatMap((v) => {
      let champ = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
      // A header is named as it is written (`Upload-Length`), not as Node.js lowers it.
      if (inHeaders)
        champ = champ.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
      // A parameter or field the call does not take: one error naming each.
      const keys = (v.params as { keys?: unknown } | undefined)?.keys;
      if (v.keyword === 'unrecognized_keys' && Array.isArray(keys))
        return keys.map((key) => ({
          champ: champ ? `${champ}.${String(key)}` : String(key),
          message: messages.parametreInconnu,
        }));
      return [{ champ: champ || 'body', message: v.message ?? messages.valeurInvalide }];
    });
    return {
      status: 400,
      body: { code: 'VALIDATION', message: messages.erreurValidation, errors },
      log: false,
    };
  }
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return {
        status: 413,
        body: { code: 'FICHIER_TROP_GRAND', message: messages.erreurFichierTropGrand },
        log: false,
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, body: { code: 'TYPE_FICHIER', message: messages.erreurTypeContenu }, log: false };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, body: { code: 'VALIDATION', message: messages.erreurJsonInvalide }, log: false };
    case '23505':
      return { status: 409, body: { code: 'DOUBLON', message: messages.erreurDoublon }, log: false };
    case '23503':
      return {
        status: 409,
        body: { code: 'REFERENCE_UTILISEE', message: messages.erreurReferenceUtilisee },
        log: false,
      };
    case '22P02':
    case '22021':
    case '22P05':
    case '22003':
    case '22007':
    case '22008':
    case '22001':
    case '23502':
    case '23514':
      return { status: 400, body: { code: 'VALIDATION', message: messages.valeurInvalide }, log: true };
  }
  if (e.code && DB_UNAVAILABLE.has(e.code)) return unavailable;
  if (e instanceof SyntaxError && e.statusCode === 400) {
    return { status: 400, body: { code: 'VALIDATION', message: messages.erreurJsonInvalide }, log: false };
  }
  const status = e.statusCode ?? 500;
  if (status === 404)
    return { status, body: { code: 'INTROUVABLE', message: messages.erreurIntrouvable }, log: false };
  if (status === 413)
    return {
      status,
      body: { code: 'FICHIER_TROP_GRAND', message: messages.erreurFichierTropGrand },
      log: false,
    };
  if (status === 415)
    return { status, body: { code: 'TYPE_FICHIER', message: messages.erreurTypeContenu }, log: false };
  if (status === 429)
    return {
      status,
      body: { code: 'TROP_DE_TENTATIVES', message: messages.erreurTropDeTentatives },
      log: false,
    };
  if (status >= 400 && status < 500) {
    return { status: 400, body: { code: 'VALIDATION', message: messages.valeurInvalide }, log: true };
  }
  return { status: 500, body: { code: 'ERREUR_INTERNE', message: messages.erreurInterne }, log: true };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err, request, reply) => {
    const { status, body, log } = toErrorReply(err);
    if (log) request.log[status >= 500 ? 'error' : 'warn']({ err }, 'request failed');
    if (status === 429 && (err as { retryAfter?: number }).retryAfter) {
      reply.header('Retry-After', String((err as { retryAfter?: number }).retryAfter));
    }
    if (status === 503) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return reply.status(status).send(body);
  });
}
