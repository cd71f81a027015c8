import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeRole } from '../../domain/enums';
import type { Actor } from '../access/actor';
import { readCheckedAccount } from '../modules/accounts/repository';
import type { Permission } from '../../domain/permissions';
import { assertHelperCall, scopeFor } from '../access/access';
import { API_BASE } from '../../domain/api';
import { fill, messages } from '../../domain/messages';
import { liveHelperSession } from '../modules/procurations/service';
import type { TokenPayload } from '../access/tokens';
import { AppError } from '../errors';

/** The signed-in account of a request (the actor of its services). */
type AuthUser = Actor;

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthUser;
  }
}

export function signToken(
  app: FastifyInstance,
  user: { id: number; role: string; tokenVersion: number },
): string {
  const payload: Omit<TokenPayload, 'exp'> = { sub: String(user.id), role: user.role, tv: user.tokenVersion };
  return app.jwt.sign(payload, { expiresIn: `${app.config.TOKEN_TTL_HOURS}h` });
}

/**
 * A helper's token (docs/procurations.md): the student's account and token version, the
 * procuration, and its end `exp` (seconds since the epoch: one hour at most, never past the
 * procuration's end), set by the caller rather than TOKEN_TTL_HOURS.
 */
export function signHelperToken(
  app: FastifyInstance,
  user: { id: number; role: string; tokenVersion: number },
  idProcuration: number,
  exp: number,
): string {
  const payload: TokenPayload = {
    sub: String(user.id),
    role: user.role,
    tv: user.tokenVersion,
    proc: idProcuration,
    exp,
  };
  return app.jwt.sign(payload);
}

/**
 * The token of an `Authorization: Bearer <token>` header, read as `@fastify/jwt` reads it (one
 * space, then the token); undefined when the header is absent or not of that form.
 */
function bearerToken(header: string | undefined): string | undefined {
  if (!header || !/^Bearer\s+\S+/i.test(header)) return undefined;
  const parts = header.split(' ');
  return parts.length === 2 && parts[1] ? parts[1] : undefined;
}

/**
 * Verifies the bearer token (its signature once per instance, then its expiry: `VerifiedTokens`),
 * then reads the account: a deleted account, or one whose password was reset or changed since the
 * token was made (token version), is refused. The role and direction come from the database, never
 * from the token alone; the instance keeps the account it read until the database tells it of a
 * change (`AccountCache`, decision 017).
 */
async function authenticate(request: FastifyRequest): Promise<AuthUser> {
  if (request.auth) return request.auth;
  const token = bearerToken(request.headers.authorization);
  if (token === undefined) throw new AppError('NON_AUTHENTIFIE');
  let payload: Readonly<TokenPayload>;
  try {
    payload = request.server.tokens.verify(token);
  } catch (err) {
    const expired = (err as { code?: string }).code === 'FAST_JWT_EXPIRED';
    throw new AppError('NON_AUTHENTIFIE', expired ? 'erreurSessionExpiree' : 'erreurNonAuthentifie');
  }
  const id = Number(payload.sub);
  if (!Number.isInteger(id)) throw new AppError('NON_AUTHENTIFIE');
  const row = await request.server.accounts.get(id, () => readCheckedAccount(request.server.db, id));
  const role = normalizeRole(row?.role);
  if (!row || !role || row.tokenVersion !== payload.tv)
    throw new AppError('NON_AUTHENTIFIE', 'erreurSessionExpiree');
  if (payload.proc !== undefined) {
    // A helper's session: its procuration read at each call, so that a revocation ends it at once.
    const helper = await liveHelperSession(request.server.db, Number(payload.proc), row.id);
    if (!helper) throw new AppError('NON_AUTHENTIFIE', 'procurationSessionFinie');
    request.auth = {
      id: row.id,
      role,
      idDirection: row.idDirection,
      userName: fill(messages.auteurAidant, { nom: row.userName, id: helper.idProcuration }),
      procuration: helper,
    };
    return request.auth;
  }
  request.auth = { id: row.id, role, idDirection: row.idDirection, userName: row.userName };
  return request.auth;
}

/** A route guard made by `requirePermission`: the permission it checks travels with it. */
export type Guard = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & {
  permission: Permission;
};

/**
 * Route guard (at `onRequest`, before the body is parsed): signed in (401), and the role holds the
 * permission (403). Rows and lists are then scoped by the services through `src/server/access`.
 */
export function requirePermission(permission: Permission): Guard {
  const guard = async (request: FastifyRequest, _reply: FastifyReply) => {
    const actor = await authenticate(request);
    if (actor.procuration)
      assertHelperCall(actor, request.method, request.routeOptions.url?.slice(API_BASE.length) ?? '');
    scopeFor(actor, permission);
  };
  return Object.assign(guard, { permission });
}

/** Route guard: any signed-in user (every role holds `password.own`). */
export const requireAuth = requirePermission('password.own');
