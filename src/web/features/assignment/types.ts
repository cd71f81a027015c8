/**
 * The housing stock's rows the assignment screens read (the generic resource lists). The
 * assignment calls' own shapes come from their schemas (`src/domain/schemas/assignment.ts`).
 */
import type { SexeBatiment } from '../../../domain/enums';

/** A row of `GET campus/cite`. */
export interface CiteOption {
  idCite: number;
  nomCite: string;
  idDirection?: number | null;
  nomVille?: string | null;
  nbLit?: number | null;
}

/** A row of `GET campus/lit?idCite=` (the bed with its room, corridor, level and building). */
export interface LitRow {
  idLit: number;
  libelleLit: string;
  codeLit: string | null;
  idChambre: number;
  libelleChambre: string;
  codeChambre: string | null;
  idCouloir: number;
  libelleCouloir: string;
  codeCouloir: string | null;
  idNiveau: number;
  libelleNiveau: string;
  codeNiveau: string | null;
  idBatiment: number;
  libelleBatiment: string;
  codeBatiment: string | null;
  sexe: SexeBatiment;
  libelleCategorieChambre?: string | null;
  montantChambre?: number | null;
}
