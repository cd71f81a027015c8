import { z } from 'zod';
import { idParam, isoTimestamp } from './common';

/** The journal's calls (`campus/audit`, `campus/audit/{id}`; ADMIN only). */

/** One entry of the journal. */
export const auditRow = z.object({
  id: z.number(),
  /** ISO 8601 timestamp (UTC). */
  at: isoTimestamp,
  /** `DD/MM/YYYY HH:MM:SS` in Burkina Faso's time: what the screen shows and `filtre.at` matches. */
  dateHeure: z.string(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  /** Who acted, in words: a student « Nom Prénom (INE …) », staff by their username. */
  libelleUtilisateur: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  /** The resource's French name. */
  libelleRessource: z.string(),
  resourceId: z.string().nullable(),
  /** What the entry records, as the server wrote it (JSON). */
  detail: z.unknown(),
  /** The detail in French, for people (screen and exports). */
  resume: z.string(),
  /**
   * What the entry is about, in words: a dossier's reference and student, an assignment's student
   * and bed, a session's direction and year, a setting's name; `n° {id}` when the row is no more.
   */
  libelleObjet: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;

export const auditListAnswer = z.array(auditRow);
export const auditIdParams = z.object({ id: idParam });
