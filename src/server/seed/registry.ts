/**
 * The demo student registry: a deterministic generator (seeded PRNG, same students on every run)
 * and a loader that writes them all with one INSERT … SELECT FROM jsonb_to_recordset.
 */
import { sql } from 'drizzle-orm';
import { foldText, villeKey } from '../../domain/villes';
import type { Db } from '../db/client';
import { registreEtudiant, ville } from '../db/schema';
import { FILIERES, MOYENNES_BAC, NIVEAUX_ETUDE, SERIES_BAC, VILLES_ORIENTATION } from './content/etudes';
import {
  DOMAINES_MAIL,
  LIEUX_NAISSANCE,
  NOMS,
  PAYS_ETRANGERS,
  PRENOMS_FEMININS,
  PRENOMS_MASCULINS,
  PRENOMS_MOORE,
} from './content/personnes';
import type { RegistrySpec } from './factories';
import { Prng } from './prng';
import { columnName as name, insertInto, recordset, selectRows } from '../db/bulk';

interface RegistryOptions {
  count: number;
  seed: number;
  /** First year of the current academic year (the open sessions' anneeDebut). */
  anneeDebut: number;
  /** Share of foreign students, 0.03 by default. */
  partEtrangers?: number;
}

/** Ages: born between anneeDebut − 28 and anneeDebut − 19 (1998–2007 for 2026), younger ones more often. */
const POIDS_NAISSANCE = [1, 1, 2, 3, 4, 6, 8, 9, 9, 7];

function twoDistinct(prng: Prng, list: readonly string[]): string {
  const a = prng.pick(list);
  let b = prng.pick(list);
  while (b === a) b = prng.pick(list);
  return `${a} ${b}`;
}

function ascii(value: string): string {
  return foldText(value).replace(/[^a-z]/g, '');
}

function dateOfYear(prng: Prng, year: number): string {
  const days = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 366 : 365;
  const d = new Date(Date.UTC(year, 0, 1) + prng.int(0, days - 1) * 86_400_000);
  return d.toISOString().slice(0, 10);
}

function niveauFor(prng: Prng, anneesDepuisBac: number): (typeof NIVEAUX_ETUDE)[number] {
  switch (anneesDepuisBac) {
    case 0:
      return 'L1';
    case 1:
      return prng.chance(0.8) ? 'L2' : 'L1';
    case 2:
      return prng.chance(0.8) ? 'L3' : 'L2';
    case 3:
      return prng.chance(0.6) ? 'M1' : 'L3';
    case 4:
      return prng.weighted([
        ['M2', 45],
        ['M1', 35],
        ['L3', 20],
      ] as const);
    default: // repeated years, changes of course
      return prng.weighted([
        ['M2', 45],
        ['M1', 30],
        ['L3', 25],
      ] as const);
  }
}

/** `count` realistic students, always the same for the same options. */
export function generateRegistry(opts: RegistryOptions): RegistrySpec[] {
  const prng = new Prng(opts.seed);
  const y = opts.anneeDebut;
  const partEtrangers = opts.partEtrangers ?? 0.03;
  const ines = new Set<string>();
  const emails = new Set<string>();
  const villes = VILLES_ORIENTATION.map((v) => [v, v.poids] as const);
  const series = SERIES_BAC.map(([serie, poids, domaine]) => [{ serie, domaine }, poids] as const);
  const out: RegistrySpec[] = [];

  for (let i = 0; i < opts.count; i++) {
    const sexe: 'M' | 'F' = prng.chance(0.45) ? 'F' : 'M';
    const etranger = prng.chance(partEtrangers);
    let nom: string;
    let prenom: string;
    let lieuNaissance: string;
    let libellePays = 'Burkina Faso';
    const orientation = prng.weighted(villes);

    if (etranger) {
      const pays = prng.weighted(PAYS_ETRANGERS.map((p) => [p, p.poids] as const));
      libellePays = pays.pays;
      nom = prng.pick(pays.noms);
      const liste = sexe === 'F' ? pays.prenomsFeminins : pays.prenomsMasculins;
      prenom = prng.chance(0.3) ? twoDistinct(prng, liste) : prng.pick(liste);
      lieuNaissance = prng.pick(pays.villes);
    } else {
      const famille = prng.pick(NOMS);
      nom = famille.nom;
      const liste = sexe === 'F' ? PRENOMS_FEMININS : PRENOMS_MASCULINS;
      const r = prng.next();
      if (famille.moore && r < 0.3) {
        const moore = prng.pick(PRENOMS_MOORE);
        const usuel = prng.pick(liste);
        prenom = prng.chance(0.6) ? `${usuel} ${moore}` : `${moore} ${usuel}`;
      } else if (r < 0.55) {
        prenom = twoDistinct(prng, liste);
      } else {
        prenom = prng.pick(liste);
      }
      lieuNaissance = prng.chance(0.35) ? orientation.ville : prng.weighted(LIEUX_NAISSANCE);
    }

    const naissance = y - 28 + prng.weighted(POIDS_NAISSANCE.map((w, k) => [k, w] as const));
    const anneeBac = Math.min(
      y,
      naissance +
        prng.weighted([
          [18, 25],
          [19, 40],
          [20, 25],
          [21, 10],
        ] as const),
    );
    const { serie, domaine } = prng.weighted(series);
    const [lo, hi] = prng.weighted(MOYENNES_BAC);
    const moyenneBac = Math.min(hi, Math.round((lo + prng.next() * (hi - lo)) * 100) / 100);

    let ine: string;
    do {
      ine = `N${String(anneeBac % 100).padStart(2, '0')}${prng.digits(9)}`;
    } while (ines.has(ine));
    ines.add(ine);

    const tel = `${prng.weighted([
      ['7', 60],
      ['6', 25],
      ['5', 15],
    ] as const)}${prng.digits(7)}`;
    const base = `${ascii(prenom.split(' ')[0])}.${ascii(nom)}${prng.chance(0.4) ? prng.int(1, 99) : ''}`;
    const domaineMail = prng.weighted(DOMAINES_MAIL);
    let email = `${base}@${domaineMail}`;
    for (let k = 2; emails.has(email); k++) email = `${base}${k}@${domaineMail}`;
    emails.add(email);

    out.push({
      ine,
      nomEtudiant: nom,
      prenomEtudiant: prenom,
      sexeEtudiant: sexe,
      dateNaissance: dateOfYear(prng, naissance),
      lieuNaissance,
      telEtudiant: tel,
      emailEtudiant: email,
      universite: prng.weighted(orientation.universites),
      filiere: prng.pick(FILIERES[domaine]),
      niveau: niveauFor(prng, y - anneeBac),
      villeOrientation: orientation.ville,
      anneeAcademique: `${y}-${y + 1}`,
      anneeBac,
      serieBac: serie,
      moyenneBac,
      libellePays,
      typePays: etranger ? 'ETRANGER' : 'NATIONAL',
    });
  }
  return out;
}

const REGISTRY_COLUMNS =
  'ine text, nom text, prenom text, sexe text, naissance date, lieu text, tel text, email text, universite text, ' +
  'filiere text, niveau text, ville text, cle text, annee text, annee_bac int, serie text, moyenne double precision, ' +
  'pays text, type_pays text';

/** Writes the students (ville resolved by its key; a known INE is left alone). Returns the count written. */
export async function loadRegistry(db: Db, students: readonly RegistrySpec[]): Promise<number> {
  const payload = students.map((s) => ({
    ine: s.ine,
    nom: s.nomEtudiant,
    prenom: s.prenomEtudiant,
    sexe: s.sexeEtudiant,
    naissance: s.dateNaissance,
    lieu: s.lieuNaissance ?? null,
    tel: s.telEtudiant ?? null,
    email: s.emailEtudiant ?? null,
    universite: s.universite ?? null,
    filiere: s.filiere ?? null,
    niveau: s.niveau ?? null,
    ville: s.villeOrientation,
    cle: villeKey(s.villeOrientation),
    annee: s.anneeAcademique ?? null,
    annee_bac: s.anneeBac ?? null,
    serie: s.serieBac ?? null,
    moyenne: s.moyenneBac ?? null,
    pays: s.libellePays ?? 'Burkina Faso',
    type_pays: s.typePays ?? 'NATIONAL',
  }));
  const [result] = await selectRows(
    db,
    {
      n: sql<number>`(SELECT count(*)::int FROM ins)`,
      villes: sql<number>`(SELECT count(*)::int FROM src WHERE ${name(ville.idVille)} IS NULL)`,
    },
    sql`SELECT 1`,
    {
      src: sql`
          SELECT x.*, v.${name(ville.idVille)}
          FROM ${recordset(payload, REGISTRY_COLUMNS)}
          LEFT JOIN ${ville} v ON v.${name(ville.cleVille)} = x.cle AND v.${name(ville.deletedAt)} IS NULL`,
      ins: sql`
          ${insertInto(registreEtudiant, [
            registreEtudiant.ine,
            registreEtudiant.nomEtudiant,
            registreEtudiant.prenomEtudiant,
            registreEtudiant.sexeEtudiant,
            registreEtudiant.dateNaissance,
            registreEtudiant.lieuNaissance,
            registreEtudiant.telEtudiant,
            registreEtudiant.emailEtudiant,
            registreEtudiant.universite,
            registreEtudiant.filiere,
            registreEtudiant.niveau,
            registreEtudiant.villeOrientation,
            registreEtudiant.idVille,
            registreEtudiant.anneeAcademique,
            registreEtudiant.anneeBac,
            registreEtudiant.serieBac,
            registreEtudiant.moyenneBac,
            registreEtudiant.libellePays,
            registreEtudiant.typePays,
            registreEtudiant.recherche,
          ])}
          SELECT ine, nom, prenom, sexe, naissance, lieu, tel, email, universite, filiere, niveau, ville, id_ville, annee,
            annee_bac, serie, moyenne, pays, type_pays, fold(ine || ' ' || nom || ' ' || prenom)
          FROM src WHERE id_ville IS NOT NULL
          ORDER BY ord
          ON CONFLICT DO NOTHING
          RETURNING 1`,
    },
  );
  const { n, villes } = result;
  if (villes > 0)
    throw new Error(`${villes} étudiant(s) de démonstration avec une ville d'orientation inconnue`);
  return n;
}
