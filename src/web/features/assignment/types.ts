/**
 * The housing stock's rows as the assignment screens use them. The generic resource lists
 * (`GET campus/lit`, `GET campus/cite`) describe every field of a row as optional (a resource's
 * row is built from its definition at run time); these are the rows with the fields the screens
 * need, read from the described rows by a check (`litOf`, `citeOf`) rather than asserted. The
 * assignment calls' own shapes come from the description (api.ts).
 */
import { SEXES_BATIMENT, type SexeBatiment } from '../../../domain/enums';
import type { ListRow } from '../../lib/client';

/** A row of `GET campus/cite` a chooser offers. */
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

const isSexeBatiment = (value: unknown): value is SexeBatiment =>
  (SEXES_BATIMENT as readonly unknown[]).includes(value);

/** A cité of the description's row, or null when a field a chooser needs is missing. */
/** A cité as the screens name it: « Nom — Ville » (the ville when known). */
export const citeLabel = (c: Pick<CiteOption, 'nomCite' | 'nomVille'>): string =>
  c.nomVille ? `${c.nomCite} — ${c.nomVille}` : c.nomCite;

export function citeOf(row: ListRow<'/campus/cite'>): CiteOption | null {
  const { idCite, nomCite } = row;
  if (idCite == null || nomCite == null) return null;
  return { idCite, nomCite, idDirection: row.idDirection, nomVille: row.nomVille, nbLit: row.nbLit };
}

/** A bed of the description's row, or null when a field the room view needs is missing. */
export function litOf(row: ListRow<'/campus/lit'>): LitRow | null {
  const { idLit, libelleLit, idChambre, libelleChambre, idCouloir, libelleCouloir } = row;
  const { idNiveau, libelleNiveau, idBatiment, libelleBatiment, sexe } = row;
  if (
    idLit == null ||
    libelleLit == null ||
    idChambre == null ||
    libelleChambre == null ||
    idCouloir == null ||
    libelleCouloir == null ||
    idNiveau == null ||
    libelleNiveau == null ||
    idBatiment == null ||
    libelleBatiment == null ||
    !isSexeBatiment(sexe)
  ) {
    return null;
  }
  return {
    idLit,
    libelleLit,
    codeLit: row.codeLit ?? null,
    idChambre,
    libelleChambre,
    codeChambre: row.codeChambre ?? null,
    idCouloir,
    libelleCouloir,
    codeCouloir: row.codeCouloir ?? null,
    idNiveau,
    libelleNiveau,
    codeNiveau: row.codeNiveau ?? null,
    idBatiment,
    libelleBatiment,
    codeBatiment: row.codeBatiment ?? null,
    sexe,
    libelleCategorieChambre: row.libelleCategorieChambre,
    montantChambre: row.montantChambre,
  };
}

/** The rows that pass `check`. */
export const kept = <R, T>(rows: readonly R[], check: (row: R) => T | null): T[] =>
  rows.flatMap((row) => {
    const value = check(row);
    return value === null ? [] : [value];
  });
