/**
 * What a student's main menu offers, from its places in the cités (docs/roles.md#the-students-menu;
 * decision 066) and its deposit situation (decision 072). Pure: the web client gives it the rows of
 * the student's rent read (`GET campus/loyer/etudiant`: its live assignments, its departures, and
 * any ended one with money owed either way), the time, and once read the server's answer to
 * whether its direction takes a deposit (`GET campus/dossier/situation`). The server refuses on its
 * own what the menu hides.
 */

/** What the menu reads of one of the student's assignments. */
export interface StudentPlace {
  /** Ended: cancelled, or left (`dateDepart`). */
  annulee: boolean;
  /** ISO 8601 day of the departure, null while the student lives there or when cancelled. */
  dateDepart: string | null;
  /** Owed by the student (above 0) or to it (below 0). */
  solde: number;
}

export interface StudentMenuState {
  /** A live assignment: the arrival, the repairs and the student's requests. */
  resident: boolean;
  /** « Mon départ »: a live assignment, or a departure within the last twelve months. */
  depart: boolean;
  /** « Mon loyer »: as « Mon départ », or money owed either way on any assignment. */
  loyer: boolean;
  /**
   * « Dépôt »: the student's direction takes a deposit now (the server's `depotPossible`); absent
   * until that is read, and the entry then shows, as it did before the menu read it.
   */
  depot?: boolean;
}

/** How long after its departure a student still sees « Mon départ » and « Mon loyer »: a year. */
export const DEPART_SHOWN_DAYS = 365;

const DAY_MS = 86_400_000;

export function studentMenuState(
  places: readonly StudentPlace[],
  now: Date,
  situation?: { depotPossible: boolean },
): StudentMenuState {
  const resident = places.some((p) => !p.annulee && p.dateDepart === null);
  const leftLately = places.some(
    (p) => p.dateDepart !== null && now.getTime() - Date.parse(p.dateDepart) <= DEPART_SHOWN_DAYS * DAY_MS,
  );
  const owes = places.some((p) => p.solde !== 0);
  const state = { resident, depart: resident || leftLately, loyer: resident || leftLately || owes };
  return situation ? { ...state, depot: situation.depotPossible } : state;
}
