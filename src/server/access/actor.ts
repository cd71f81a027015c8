import type { Role } from '../../domain/enums';
import type { TacheProcuration } from '../../domain/procurations';

/** A helper's session (docs/procurations.md): the student's procuration it came in with. */
export interface HelperSession {
  idProcuration: number;
  tache: TacheProcuration;
  /** The address the helper signed in from (told in the history and the journal). */
  adresse: string | null;
}

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
  /**
   * Set when a helper acts for the student (`id` is then the student's account): only its task's
   * calls and permissions pass the access check (HELPER_ROUTES, HELPER_PERMISSIONS).
   */
  procuration?: HelperSession;
}
