import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { normalizeRole, type Role } from '../../domain/enums';
import { scopeOf, type Permission, type Scope } from '../../domain/permissions';
import { one } from '../db/client';
import { AppError } from '../errors';

export interface AuthUser {
  id: number;
  role: Role;
  idDirection: number | null;
  userName: string;
}

interface TokenPayload {
  sub: string;
  role: string;
  tv: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthUser;
    /** Scope of the permission checked by the route's guard (CONTRACT §3). */
    scope?: Scope;
  }
}

export function signToken(
  app: FastifyInstance,
  user: { id: number; role: string; tokenVersion: number },
): string {
  const payload: TokenPayload = { sub: String(user.id), role: user.role, tv: user.tokenVersion };
  return app.jwt.sign(payload, { expiresIn: `${app.config.TOKEN_TTL_HOURS}h` });
}

/**
 * Verifies the bearer token, then reads the account: a deleted account, or one whose password was
 * reset or changed since the token was made (token version), is refused. The role and direction
 * come from the database, never from the token alone.
 */
export async function authenticate(request: FastifyRequest): Promise<AuthUser> {
  if (request.auth) return request.auth;
  const header = request.headers.authorization;
  if (!header || !/^Bearer\s+\S+/i.test(header)) throw new AppError('NON_AUTHENTIFIE');
  let payload: TokenPayload;
  try {
    payload = await request.jwtVerify<TokenPayload>();
  } catch (err) {
    const expired = (err as { code?: string }).code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED';
    throw new AppError('NON_AUTHENTIFIE', expired ? 'erreurSessionExpiree' : 'erreurNonAuthentifie');
  }
  const id = Number(payload.sub);
  if (!Number.isInteger(id)) throw new AppError('NON_AUTHENTIFIE');
  const row = await one<{
    id: number;
    role: string;
    id_direction: number | null;
    token_version: number;
    user_name: string;
  }>(
    request.server.db,
    sql`SELECT id, role, id_direction, token_version, user_name FROM users WHERE id = ${id} AND deleted_at IS NULL`,
  );
  const role = normalizeRole(row?.role);
  if (!row || !role || row.token_version !== payload.tv)
    throw new AppError('NON_AUTHENTIFIE', 'erreurSessionExpiree');
  request.auth = { id: row.id, role, idDirection: row.id_direction, userName: row.user_name };
  return request.auth;
}

/** Route guard: signed in, and the role holds the permission; sets `request.scope`. */
export function requirePermission(permission: Permission) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await authenticate(request);
    const scope = scopeOf(user.role, permission);
    if (!scope) throw new AppError('INTERDIT');
    request.scope = scope;
  };
}

/** Route guard: any signed-in user. */
export async function requireAuth(request: FastifyRequest) {
  await authenticate(request);
}

/** Checks a direction against the user's scope: a regional manager reaching another direction gets 403. */
export function assertDirection(request: FastifyRequest, idDirection: number | null | undefined) {
  if (request.scope === 'direction' && request.auth?.idDirection !== idDirection) {
    throw new AppError('INTERDIT', 'erreurInterditDirection');
  }
}
