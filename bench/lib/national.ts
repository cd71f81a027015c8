/**
 * National scale (opt-in, BENCH_REGISTRY_SIZE): grows the demo registry to that many students
 * through the admin's CSV import (the real path), so that the look-ups, the registry's search, its
 * last page and its export run on a national-size table. Synthetic students, deterministic.
 */
import { REGISTRY_COLUMNS } from '../../src/domain/registry';
import { api } from './api';

const NOMS = [
  'Ouédraogo',
  'Sawadogo',
  'Kaboré',
  'Traoré',
  'Zongo',
  'Compaoré',
  'Ouattara',
  'Sanou',
  'Kéré',
  'Nikièma',
  'Ilboudo',
  'Zoungrana',
];
const PRENOMS = [
  'Awa',
  'Adama',
  'Aminata',
  'Issouf',
  'Fatimata',
  'Boukary',
  'Mariam',
  'Salif',
  'Rasmata',
  'Abdoul',
  'Éloïse',
  'Wendkouni',
];
const VILLES = ['Ouagadougou', 'Bobo-Dioulasso', 'Koudougou'];
/** Rows per import call: about 4.5 MB of base64, under the 20 MB limit of the import. */
const CHUNK = 20_000;

function row(i: number): Record<(typeof REGISTRY_COLUMNS)[number], string> {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    ine: `BN${String(i).padStart(10, '0')}`,
    nomEtudiant: NOMS[i % NOMS.length],
    prenomEtudiant: `${PRENOMS[(i * 7) % PRENOMS.length]} ${PRENOMS[(i * 5 + 3) % PRENOMS.length]}`,
    sexeEtudiant: i % 2 ? 'F' : 'M',
    dateNaissance: `${pad((i % 28) + 1)}/${pad((i % 12) + 1)}/${1998 + (i % 8)}`,
    lieuNaissance: VILLES[i % VILLES.length],
    telEtudiant: `70 ${pad(i % 100)} ${pad((i >> 7) % 100)} ${pad((i >> 14) % 100)}`,
    emailEtudiant: `etudiant.${i}@exemple.bf`,
    universite: 'Université Joseph Ki-Zerbo',
    filiere: 'Sciences économiques',
    niveau: 'Licence 1',
    villeOrientation: VILLES[(i >> 3) % VILLES.length],
    anneeAcademique: '',
    anneeBac: String(2018 + (i % 7)),
    serieBac: 'D',
    moyenneBac: `${10 + (i % 9)},${i % 10}0`,
    libellePays: 'Burkina Faso',
    typePays: 'NATIONAL',
  };
}

export interface GrowReport {
  added: number;
  seconds: number;
  rowsPerSecond: number;
}

/** Adds `target - current` synthetic students (nothing when current ≥ target), in bounded chunks. */
export async function growRegistry(
  baseUrl: string,
  token: string,
  current: number,
  target: number,
): Promise<GrowReport> {
  const missing = Math.max(0, target - current);
  const started = Date.now();
  for (let from = 0; from < missing; from += CHUNK) {
    const to = Math.min(missing, from + CHUNK);
    const lines = [`\uFEFF${REGISTRY_COLUMNS.join(';')}`];
    for (let i = from; i < to; i++) {
      const r = row(i);
      lines.push(REGISTRY_COLUMNS.map((c) => r[c]).join(';'));
    }
    const fichier = Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8').toString('base64');
    const res = await api<{ importes?: number }>(baseUrl, 'POST', 'campus/registre-etudiant/import', {
      token,
      body: { nomFichier: `banc_${from}.csv`, fichier },
      timeoutMs: 600_000,
    });
    if (res.status !== 200)
      throw new Error(
        `import du registre (lignes ${from}–${to}) : ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`,
      );
  }
  const seconds = (Date.now() - started) / 1000;
  return {
    added: missing,
    seconds: Math.round(seconds * 10) / 10,
    rowsPerSecond: seconds > 0 ? Math.round(missing / seconds) : 0,
  };
}
