/**
 * Loads a housing stock described by CiteSeed values (content/cites.ts): cités, catégories, bâtiments,
 * niveaux, couloirs, chambres and lits. One INSERT … SELECT FROM jsonb_to_recordset per table (the
 * beds through generate_series), so that thousands of rows take a handful of statements; each
 * statement returns the natural key of the rows it made, from which the next level takes its
 * parent ids. Run it inside the caller's transaction.
 */
import { count, sql } from 'drizzle-orm';
import { villeKey } from '../../domain/villes';
import type { Db } from '../db/client';
import { columnName as name, insertReturning, recordset } from '../db/bulk';
import { batiment, categorieChambre, chambre, cite, couloir, lit, niveau, ville } from '../db/schema';
import { NIVEAUX, type CiteSeed } from './content/cites';

interface HousingCounts {
  cites: number;
  batiments: number;
  niveaux: number;
  couloirs: number;
  chambres: number;
  lits: number;
}

/** Beds of one bâtiment as described. */
function litsDuBatiment(cite: CiteSeed, code: string): number {
  const b = cite.batiments.find((x) => x.code === code);
  if (!b) throw new Error(`Bâtiment ${code} inconnu dans ${cite.nom}`);
  const cat = cite.categories.find((c) => c.libelle === b.categorie);
  if (!cat) throw new Error(`Catégorie « ${b.categorie} » inconnue dans ${cite.nom}`);
  return b.niveaux * b.couloirs.length * b.chambresParCouloir * cat.lits;
}

export function litsDeLaCite(cite: CiteSeed): number {
  return cite.batiments.reduce((s, b) => s + litsDuBatiment(cite, b.code), 0);
}

function check(cites: readonly CiteSeed[]) {
  const noms = new Set<string>();
  for (const c of cites) {
    if (noms.has(c.nom)) throw new Error(`Cité en double : ${c.nom}`);
    noms.add(c.nom);
    const codes = new Set<string>();
    for (const b of c.batiments) {
      if (codes.has(b.code.toLowerCase())) throw new Error(`Bâtiment ${b.code} en double dans ${c.nom}`);
      codes.add(b.code.toLowerCase());
      if (b.niveaux < 1 || b.niveaux > NIVEAUX.length)
        throw new Error(`${c.nom} ${b.code} : 1 à ${NIVEAUX.length} niveaux`);
      if (b.couloirs.length * b.chambresParCouloir > 99)
        throw new Error(`${c.nom} ${b.code} : au plus 99 chambres par niveau`);
      litsDuBatiment(c, b.code);
    }
  }
}

export async function loadHousing(db: Db, cites: readonly CiteSeed[]): Promise<HousingCounts> {
  check(cites);

  // Cités, joined to their ville by its key (case and accents ignored).
  const citeRows = cites.map((c) => ({
    cle: villeKey(c.ville),
    nom: c.nom,
    nb_lit: litsDeLaCite(c),
    adresse: c.adresse,
  }));
  const citeIds = await insertReturning(
    db,
    cite,
    [cite.idVille, cite.nomCite, cite.nbLit, cite.adresseCite],
    sql`SELECT v.${name(ville.idVille)}, x.nom, x.nb_lit, x.adresse
        FROM ${recordset(citeRows, 'cle text, nom text, nb_lit int, adresse text')}
        JOIN ${ville} v ON v.${name(ville.cleVille)} = x.cle AND v.${name(ville.deletedAt)} IS NULL
        ORDER BY x.ord`,
    { id: cite.idCite, nom: cite.nomCite },
  );
  if (citeIds.length !== cites.length) {
    const found = new Set(citeIds.map((r) => r.nom));
    const missing = cites.filter((c) => !found.has(c.nom)).map((c) => `${c.nom} (${c.ville})`);
    throw new Error(`Ville introuvable pour : ${missing.join(', ')}`);
  }
  const citeId = new Map(citeIds.map((r) => [r.nom, r.id]));

  // Catégories de chambre (per cité).
  const catRows = cites.flatMap((c) =>
    c.categories.map((k) => ({ id_cite: citeId.get(c.nom)!, libelle: k.libelle, montant: k.montant })),
  );
  const catIds = await insertReturning(
    db,
    categorieChambre,
    [categorieChambre.idCite, categorieChambre.libelleCategorieChambre, categorieChambre.montantChambre],
    sql`SELECT x.id_cite, x.libelle, x.montant
        FROM ${recordset(catRows, 'id_cite int, libelle text, montant int')}
        ORDER BY x.ord`,
    {
      id: categorieChambre.idCategorieChambre,
      id_cite: categorieChambre.idCite,
      libelle: categorieChambre.libelleCategorieChambre,
    },
  );
  const catId = new Map(catIds.map((r) => [`${r.id_cite}|${r.libelle}`, r.id]));

  // Bâtiments.
  const batRows = cites.flatMap((c) =>
    c.batiments.map((b) => ({ id_cite: citeId.get(c.nom)!, code: b.code, libelle: b.libelle, sexe: b.sexe })),
  );
  const batIds = await insertReturning(
    db,
    batiment,
    [batiment.idCite, batiment.libelleBatiment, batiment.codeBatiment, batiment.sexe],
    sql`SELECT x.id_cite, x.libelle, x.code, x.sexe
        FROM ${recordset(batRows, 'id_cite int, code text, libelle text, sexe text')}
        ORDER BY x.ord`,
    { id: batiment.idBatiment, id_cite: batiment.idCite, code: batiment.codeBatiment },
  );
  const batId = new Map(batIds.map((r) => [`${r.id_cite}|${r.code}`, r.id]));

  // Niveaux.
  const nivRows = cites.flatMap((c) =>
    c.batiments.flatMap((b) =>
      NIVEAUX.slice(0, b.niveaux).map((n) => ({
        id_batiment: batId.get(`${citeId.get(c.nom)}|${b.code}`)!,
        code: n.code,
        libelle: n.libelle,
      })),
    ),
  );
  const nivIds = await insertReturning(
    db,
    niveau,
    [niveau.idBatiment, niveau.libelleNiveau, niveau.codeNiveau],
    sql`SELECT x.id_batiment, x.libelle, x.code
        FROM ${recordset(nivRows, 'id_batiment int, code text, libelle text')}
        ORDER BY x.ord`,
    { id: niveau.idNiveau, id_batiment: niveau.idBatiment, code: niveau.codeNiveau },
  );
  const nivId = new Map(nivIds.map((r) => [`${r.id_batiment}|${r.code}`, r.id]));

  // Couloirs.
  const couRows = cites.flatMap((c) =>
    c.batiments.flatMap((b) => {
      const idBat = batId.get(`${citeId.get(c.nom)}|${b.code}`)!;
      return NIVEAUX.slice(0, b.niveaux).flatMap((n) =>
        b.couloirs.map((k) => ({
          id_niveau: nivId.get(`${idBat}|${n.code}`)!,
          code: k.code,
          libelle: k.libelle,
        })),
      );
    }),
  );
  const couIds = await insertReturning(
    db,
    couloir,
    [couloir.idNiveau, couloir.libelleCouloir, couloir.codeCouloir],
    sql`SELECT x.id_niveau, x.libelle, x.code
        FROM ${recordset(couRows, 'id_niveau int, code text, libelle text')}
        ORDER BY x.ord`,
    { id: couloir.idCouloir, id_niveau: couloir.idNiveau, code: couloir.codeCouloir },
  );
  const couId = new Map(couIds.map((r) => [`${r.id_niveau}|${r.code}`, r.id]));

  // Chambres, numbered on across the corridors of a floor; then their beds.
  const chRows: { id_couloir: number; id_categorie: number; code: string; lits: number }[] = [];
  for (const c of cites) {
    const idCite = citeId.get(c.nom)!;
    for (const b of c.batiments) {
      const idBat = batId.get(`${idCite}|${b.code}`)!;
      const cat = c.categories.find((k) => k.libelle === b.categorie)!;
      const idCat = catId.get(`${idCite}|${cat.libelle}`)!;
      NIVEAUX.slice(0, b.niveaux).forEach((n, etage) => {
        const idNiv = nivId.get(`${idBat}|${n.code}`)!;
        let numero = 0;
        for (const k of b.couloirs) {
          const idCou = couId.get(`${idNiv}|${k.code}`)!;
          for (let i = 0; i < b.chambresParCouloir; i++) {
            numero++;
            chRows.push({
              id_couloir: idCou,
              id_categorie: idCat,
              code: `${b.code}-${etage}${String(numero).padStart(2, '0')}`,
              lits: cat.lits,
            });
          }
        }
      });
    }
  }
  const chIds = await insertReturning(
    db,
    chambre,
    [chambre.idCouloir, chambre.idCategorieChambre, chambre.libelleChambre, chambre.codeChambre],
    sql`SELECT x.id_couloir, x.id_categorie, 'Chambre ' || x.code, x.code
        FROM ${recordset(chRows, 'id_couloir int, id_categorie int, code text')}
        ORDER BY x.ord`,
    { id: chambre.idChambre, id_couloir: chambre.idCouloir, code: chambre.codeChambre },
  );
  const chId = new Map(chIds.map((r) => [`${r.id_couloir}|${r.code}`, r.id]));
  const litRows = chRows.map((r) => ({
    id_chambre: chId.get(`${r.id_couloir}|${r.code}`)!,
    code: r.code,
    lits: r.lits,
  }));
  // The beds are only counted: their ids stay in the database.
  const beds = db.$with('ins', { id: sql`${name(lit.idLit)}`.mapWith(lit.idLit).as('id') }).as(
    sql`INSERT INTO ${lit} (${name(lit.idChambre)}, ${name(lit.libelleLit)}, ${name(lit.codeLit)})
        SELECT x.id_chambre, 'Lit ' || x.code || '-' || g, x.code || '-' || g
        FROM ${recordset(litRows, 'id_chambre int, code text, lits int')}
        CROSS JOIN LATERAL generate_series(1, x.lits) AS g
        ORDER BY x.ord, g
        RETURNING ${name(lit.idLit)}`,
  );
  const litCount = await db.with(beds).select({ n: count() }).from(beds);

  return {
    cites: citeIds.length,
    batiments: batIds.length,
    niveaux: nivIds.length,
    couloirs: couIds.length,
    chambres: chIds.length,
    lits: litCount[0].n,
  };
}
