import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceName } from '../../domain/resources/definitions';
import {
  batiment,
  categorieChambre,
  chambre,
  cite,
  couloir,
  critere,
  direction,
  elementInventaire,
  lit,
  niveau,
  operateur,
  quota,
  sessionCenou,
  typeCritere,
  typePaiement,
  users,
  ville,
} from '../db/schema';

/**
 * The table of the schema each reference-data resource reads and writes, and the columns the
 * generic resources use: the resource's id, its stored fields (by their API names, which are the
 * schema's property names), the columns its hooks complete (a ville's matching key) and the
 * times. Written out so that a column renamed or removed in the schema fails the type check here
 * (docs/decisions/043-typed-queries.md); `tests/unit/resource-tables.test.ts` checks that every
 * field of the definitions has its column, and each resource its table.
 */
export const RESOURCE_TABLES = {
  cite: {
    table: cite,
    columns: {
      idCite: cite.idCite,
      idVille: cite.idVille,
      nomCite: cite.nomCite,
      nbLit: cite.nbLit,
      adresseCite: cite.adresseCite,
      updatedAt: cite.updatedAt,
      deletedAt: cite.deletedAt,
    },
  },
  batiment: {
    table: batiment,
    columns: {
      idBatiment: batiment.idBatiment,
      idCite: batiment.idCite,
      libelleBatiment: batiment.libelleBatiment,
      codeBatiment: batiment.codeBatiment,
      sexe: batiment.sexe,
      updatedAt: batiment.updatedAt,
      deletedAt: batiment.deletedAt,
    },
  },
  niveau: {
    table: niveau,
    columns: {
      idNiveau: niveau.idNiveau,
      idBatiment: niveau.idBatiment,
      libelleNiveau: niveau.libelleNiveau,
      codeNiveau: niveau.codeNiveau,
      updatedAt: niveau.updatedAt,
      deletedAt: niveau.deletedAt,
    },
  },
  couloir: {
    table: couloir,
    columns: {
      idCouloir: couloir.idCouloir,
      idNiveau: couloir.idNiveau,
      libelleCouloir: couloir.libelleCouloir,
      codeCouloir: couloir.codeCouloir,
      updatedAt: couloir.updatedAt,
      deletedAt: couloir.deletedAt,
    },
  },
  'categorie-chambre': {
    table: categorieChambre,
    columns: {
      idCategorieChambre: categorieChambre.idCategorieChambre,
      idCite: categorieChambre.idCite,
      libelleCategorieChambre: categorieChambre.libelleCategorieChambre,
      montantChambre: categorieChambre.montantChambre,
      updatedAt: categorieChambre.updatedAt,
      deletedAt: categorieChambre.deletedAt,
    },
  },
  'element-inventaire': {
    table: elementInventaire,
    columns: {
      idElementInventaire: elementInventaire.idElementInventaire,
      idCategorieChambre: elementInventaire.idCategorieChambre,
      libelleElement: elementInventaire.libelleElement,
      quantite: elementInventaire.quantite,
      updatedAt: elementInventaire.updatedAt,
      deletedAt: elementInventaire.deletedAt,
    },
  },
  chambre: {
    table: chambre,
    columns: {
      idChambre: chambre.idChambre,
      idCouloir: chambre.idCouloir,
      idCategorieChambre: chambre.idCategorieChambre,
      libelleChambre: chambre.libelleChambre,
      codeChambre: chambre.codeChambre,
      updatedAt: chambre.updatedAt,
      deletedAt: chambre.deletedAt,
    },
  },
  lit: {
    table: lit,
    columns: {
      idLit: lit.idLit,
      idChambre: lit.idChambre,
      libelleLit: lit.libelleLit,
      codeLit: lit.codeLit,
      updatedAt: lit.updatedAt,
      deletedAt: lit.deletedAt,
    },
  },
  quota: {
    table: quota,
    columns: {
      idQuota: quota.idQuota,
      idSessionCenou: quota.idSessionCenou,
      idCritere: quota.idCritere,
      valeurQuota: quota.valeurQuota,
      updatedAt: quota.updatedAt,
      deletedAt: quota.deletedAt,
    },
  },
  'type-critere': {
    table: typeCritere,
    columns: {
      idTypeCritere: typeCritere.idTypeCritere,
      libelleTypeCritere: typeCritere.libelleTypeCritere,
      coefficient: typeCritere.coefficient,
      typeItem: typeCritere.typeItem,
      statutItem: typeCritere.statutItem,
      updatedAt: typeCritere.updatedAt,
      deletedAt: typeCritere.deletedAt,
    },
  },
  critere: {
    table: critere,
    columns: {
      idCritere: critere.idCritere,
      libelleCritere: critere.libelleCritere,
      note: critere.note,
      idTypeCritere: critere.idTypeCritere,
      justificatifRequis: critere.justificatifRequis,
      listeDeliberation: critere.listeDeliberation,
      handicap: critere.handicap,
      updatedAt: critere.updatedAt,
      deletedAt: critere.deletedAt,
    },
  },
  direction: {
    table: direction,
    columns: {
      idDirection: direction.idDirection,
      libelleDirection: direction.libelleDirection,
      sigleDirection: direction.sigleDirection,
      emailDirection: direction.emailDirection,
      telDirection: direction.telDirection,
      updatedAt: direction.updatedAt,
      deletedAt: direction.deletedAt,
    },
  },
  ville: {
    table: ville,
    columns: {
      idVille: ville.idVille,
      nomVille: ville.nomVille,
      idDirection: ville.idDirection,
      cleVille: ville.cleVille,
      updatedAt: ville.updatedAt,
      deletedAt: ville.deletedAt,
    },
  },
  'session-cenou': {
    table: sessionCenou,
    columns: {
      idSessionCenou: sessionCenou.idSessionCenou,
      idDirection: sessionCenou.idDirection,
      etatSession: sessionCenou.etatSession,
      statutSession: sessionCenou.statutSession,
      dateOuverture: sessionCenou.dateOuverture,
      dateFermeture: sessionCenou.dateFermeture,
      anneeDebut: sessionCenou.anneeDebut,
      delaiReponseHeures: sessionCenou.delaiReponseHeures,
      placesReadmission: sessionCenou.placesReadmission,
      partFemmes: sessionCenou.partFemmes,
      moisLoyer: sessionCenou.moisLoyer,
      premiereEcheance: sessionCenou.premiereEcheance,
      updatedAt: sessionCenou.updatedAt,
      deletedAt: sessionCenou.deletedAt,
    },
  },
  'type-paiement': {
    table: typePaiement,
    columns: {
      idTypePaiement: typePaiement.idTypePaiement,
      libelleTypePaiement: typePaiement.libelleTypePaiement,
      codeTypePaiement: typePaiement.codeTypePaiement,
      actif: typePaiement.actif,
      updatedAt: typePaiement.updatedAt,
      deletedAt: typePaiement.deletedAt,
    },
  },
  operateur: {
    table: operateur,
    columns: {
      idOperateur: operateur.idOperateur,
      libelleOperateur: operateur.libelleOperateur,
      codeOperateur: operateur.codeOperateur,
      idTypePaiement: operateur.idTypePaiement,
      actif: operateur.actif,
      updatedAt: operateur.updatedAt,
      deletedAt: operateur.deletedAt,
    },
  },
  users: {
    table: users,
    columns: {
      id: users.id,
      userName: users.userName,
      nom: users.nom,
      prenom: users.prenom,
      email: users.email,
      telephone: users.telephone,
      role: users.role,
      idDirection: users.idDirection,
      updatedAt: users.updatedAt,
      deletedAt: users.deletedAt,
    },
  },
} satisfies Record<ResourceName, ResourceTable>;

/** A resource's table and the columns the generic resources use, by field name. */
export interface ResourceTable {
  table: PgTable;
  columns: Record<string, PgColumn> & { updatedAt: PgColumn; deletedAt: PgColumn };
}
