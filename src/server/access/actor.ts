import type { Role } from '../../domain/enums';

/**
 * Who acts: the signed-in account as the server read it (role and direction come from the
 * database, never from the token alone). Services take (transaction, actor, input), never the
 * Fastify request; `null` stands for the system itself (seed, background jobs).
 */
export interface Actor {
  id: number;
  role: Role;
  idDirection: number | null;
  userName: string;
  /**
   * An agent's cités (scope `cite`), read from the database by the service that needs them
   * (`withCites`, modules/cite-life): absent, a `cite`-scoped check refuses.
   */
  cites?: readonly number[];
}
