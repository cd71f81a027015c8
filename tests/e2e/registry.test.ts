import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { enumLabel } from '../../src/domain/messages-labels';
import {
  REGISTRY_COLUMNS,
  REGISTRY_TEMPLATE_FILE_NAME,
  type RegistryColumn,
} from '../../src/domain/registry';
import { adminToken, apiCall, launchBrowser, newPage, signInStored } from '../helpers/browser';
import { menuEntry } from '../helpers/menu';
import { frenchFileSize } from '../../src/domain/format';
import { fill } from '../../src/web/lib/format';
import { e2eServer } from '../helpers/e2e';

// 'Registre des étudiants' in a real Chromium against the real server (docs/roles.md, docs/accounts.md): the admin
// imports a file through the screen (a bad row rejects the whole file and is named; a good file is
// imported, a second import updates), searches ignoring accents and exports; a central manager reads
// without importing; a regional manager sees only its direction.

let browser: Browser;
const IMPORT = '/service/api/hebergement-cenou/campus/registre-etudiant/import';

// INEs unique to this run: 'R' and 9 digits, then two.
const PREFIX = `R${String(Date.now()).slice(-9)}`;
type Student = Record<RegistryColumn, string>;
const base: Student = {
  ine: '',
  nomEtudiant: '',
  prenomEtudiant: '',
  sexeEtudiant: 'F',
  dateNaissance: '2003-05-14',
  lieuNaissance: 'Ouahigouya',
  telEtudiant: '',
  emailEtudiant: '',
  universite: 'Université Joseph Ki-Zerbo',
  filiere: 'Lettres modernes',
  niveau: 'Licence 2',
  villeOrientation: 'Ouagadougou',
  anneeAcademique: '2025-2026',
  anneeBac: '2023',
  serieBac: 'A4',
  moyenneBac: '12,25',
  libellePays: 'Burkina Faso',
  typePays: 'NATIONAL',
};
const STUDENTS: Student[] = [
  {
    ...base,
    ine: `${PREFIX}01`,
    nomEtudiant: 'Tiendrébéogo',
    prenomEtudiant: 'Zénabo Wendemi',
    telEtudiant: '70 20 30 40',
    emailEtudiant: 'zenabo.tiendrebeogo@exemple.bf',
  },
  {
    ...base,
    ine: `${PREFIX}02`,
    nomEtudiant: 'Sawadogo',
    prenomEtudiant: 'Ousséni',
    sexeEtudiant: 'M',
    dateNaissance: '21/11/2002',
    universite: 'Université Nazi Boni',
    villeOrientation: 'bobo-dioulasso',
    serieBac: 'D',
  },
  {
    ...base,
    ine: `${PREFIX}03`,
    nomEtudiant: 'Coulibaly',
    prenomEtudiant: 'Mariam',
    dateNaissance: '2004-01-30',
    universite: 'Université Norbert Zongo',
    villeOrientation: 'Koudougou',
    libellePays: 'Mali',
    typePays: 'ETRANGER',
  },
];

function csv(rows: Student[]): Buffer {
  const lines = [REGISTRY_COLUMNS.join(';'), ...rows.map((r) => REGISTRY_COLUMNS.map((c) => r[c]).join(';'))];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

const baseURL = () => e2eServer().baseURL;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openRegistry(page: Page) {
  await (await menuEntry(page, messages.registreTitre)).click();
  await page.waitForURL(`${baseURL()}/registre`);
  await page.getByRole('heading', { name: messages.registreTitre }).waitFor();
}

/** The registry's table (the screen's DataTable: its name sits on the wrapper, not on the table). */
function table(page: Page): Locator {
  return page.locator('.resource-table').getByRole('table');
}

async function search(page: Page, text: string) {
  const answer = page.waitForResponse(
    (r) => r.url().includes('campus/registre-etudiant?') && new URL(r.url()).searchParams.get('q') === text,
  );
  await page.getByRole('searchbox', { name: messages.rechercheGlobale }).fill(text);
  await answer;
}

async function chooseFile(dialog: Locator, name: string, content: Buffer) {
  await dialog
    .getByLabel(messages.champFichierCsv)
    .setInputFiles({ name, mimeType: 'text/csv', buffer: content });
}

async function studentsOfRun(token: string): Promise<number> {
  const res = await apiCall<unknown[]>('GET', `campus/registre-etudiant?page=0&size=50&q=${PREFIX}`, {
    token,
  });
  expect(res.status).toBe(200);
  return res.body.length;
}

async function createStaff(
  token: string,
  role: string,
  sigle: string,
): Promise<{ userName: string; password: string }> {
  const directions = await apiCall<{ idDirection: number; sigleDirection: string }[]>(
    'GET',
    'campus/direction',
    {
      token,
    },
  );
  const direction = directions.body.find((d) => d.sigleDirection === sigle)!;
  const userName = `registre.${role.slice(-2).toLowerCase()}.${Date.now().toString(36)}`;
  const password = 'Registre-2026-a';
  const created = await apiCall('POST', 'campus/users', {
    token,
    body: {
      userName,
      nom: 'Zongo',
      prenom: 'Salimata',
      email: `${userName}@cenou.bf`,
      // A central manager belongs to no direction (docs/roles.md).
      idDirection: role.endsWith('_DR') ? direction.idDirection : null,
      role,
      password,
    },
  });
  expect(created.status).toBe(201);
  return { userName, password };
}

describe('student registry screen', () => {
  it('imports all or nothing, shows the row errors, searches ignoring accents and exports', async () => {
    const token = await adminToken();
    const { context, page } = await newPage(browser);
    try {
      const imports = { count: 0 };
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes(IMPORT)) imports.count += 1;
      });
      await signInStored(page, 'admin', e2eServer().adminPassword);
      await openRegistry(page);
      await table(page).waitFor();

      await page.getByRole('button', { name: messages.importer }).click();
      const dialog = page.getByRole('dialog', { name: messages.importTitre });
      await dialog.waitFor();

      // The template downloads as is (a public file).
      const [template] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('link', { name: messages.telechargerModele }).click(),
      ]);
      expect(template.suggestedFilename()).toBe(REGISTRY_TEMPLATE_FILE_NAME);
      expect(readFileSync((await template.path())!, 'utf8')).toContain(
        [...REGISTRY_COLUMNS, 'anneesHebergementAnterieures'].join(';'),
      );

      // Another extension is refused before anything is sent.
      await chooseFile(dialog, 'registre.xlsx', Buffer.from('PK'));
      await dialog.getByText(messages.fichierCsvAttendu).waitFor();
      await dialog.getByRole('button', { name: messages.validerChargement }).click();
      await dialog.getByText(messages.fichierCsvAttendu).waitFor();
      expect(imports.count).toBe(0);

      // A file with bad rows: rejected whole, each error named by line and field.
      const bad = [
        STUDENTS[0],
        { ...STUDENTS[1], sexeEtudiant: 'X' },
        { ...STUDENTS[2], dateNaissance: '31/02/2004' },
      ];
      await chooseFile(dialog, 'registre-errone.csv', csv(bad));
      await dialog.getByRole('button', { name: messages.validerChargement }).click();
      const failure = dialog.getByTestId('import-echec');
      await failure.waitFor();
      expect(await failure.textContent()).toContain(messages.echecChargement);
      expect(await failure.textContent()).toContain(messages.importRejete);
      const color = await failure.evaluate((el) => getComputedStyle(el).color);
      const [r, g] = (color.match(/\d+/g) ?? []).map(Number);
      expect(r).toBeGreaterThan(150);
      expect(g).toBeLessThan(80);
      const errors = dialog.getByRole('table', { name: messages.erreursFichier });
      const header = await errors.locator('thead').textContent();
      expect(header).toContain(messages.colonneLigne);
      expect(header).toContain(messages.colonneChamp);
      expect(header).toContain(messages.colonneMessage);
      const rows = errors.locator('tbody tr');
      expect(await rows.count()).toBe(2);
      // What a reader sees: the column titles each cell holds for phones are hidden on a desktop.
      const first = await rows.nth(0).locator('td').allInnerTexts();
      expect(first[0]).toBe('3');
      expect(first[1]).toContain('sexeEtudiant');
      expect(first[2]).toBe(messages.sexeInvalide);
      const second = await rows.nth(1).locator('td').allInnerTexts();
      expect(second[0]).toBe('4');
      expect(second[1]).toContain('dateNaissance');
      expect(second[2]).toBe(messages.dateNaissanceInvalide);
      expect(await studentsOfRun(token)).toBe(0);

      // The good file: imported, with its counts; a second import updates.
      const file = csv(STUDENTS);
      await chooseFile(dialog, 'registre.csv', file);
      expect(await dialog.getByTestId('import-echec').count()).toBe(0);
      // The chosen file's size as every screen writes it (docs/messages.md#figures), read from the screen.
      await dialog
        .getByText(
          fill(messages.fichierChoisi, { nom: 'registre.csv', taille: frenchFileSize(file.length) }),
          {
            exact: true,
          },
        )
        .waitFor();
      await dialog.getByRole('button', { name: messages.validerChargement }).click();
      const success = dialog.getByTestId('import-reussi');
      await success.waitFor();
      expect(await success.textContent()).toContain(messages.chargementReussi);
      expect(await success.textContent()).toContain(
        fill(messages.importCompte, { importes: 3, misAJour: 0 }),
      );
      expect(await dialog.getByRole('table', { name: messages.erreursFichier }).count()).toBe(0);
      expect(await studentsOfRun(token)).toBe(3);

      await chooseFile(dialog, 'registre.csv', csv(STUDENTS));
      await dialog.getByRole('button', { name: messages.validerChargement }).click();
      await dialog.getByText(fill(messages.importCompte, { importes: 0, misAJour: 3 })).waitFor();
      expect(await studentsOfRun(token)).toBe(3);
      await dialog.getByRole('button', { name: messages.quitter }).click();
      await dialog.waitFor({ state: 'detached' });

      // The rows are in the table (refreshed after the import).
      await search(page, PREFIX);
      await table(page)
        .getByRole('cell', { name: `${PREFIX}03` })
        .waitFor();
      await expect.poll(() => table(page).locator('tbody tr').count()).toBe(3);

      // Search by name, without accents, in any order of the words.
      await search(page, 'zenabo tiendrebeogo');
      await table(page)
        .getByRole('cell', { name: `${PREFIX}01` })
        .waitFor();
      const row = table(page).locator('tbody tr');
      await expect.poll(() => row.count()).toBe(1);
      const cells = await row.locator('td').allTextContents();
      const joined = cells.join(' | ');
      expect(joined).toContain('Tiendrébéogo');
      expect(joined).toContain('Zénabo Wendemi');
      expect(joined).toContain(enumLabel('sexeEtudiant', 'F'));
      expect(joined).toContain('14/05/2003');
      expect(joined).toContain('Ouagadougou');
      expect(joined).toContain(messages.faux);

      // Exporter: what is shown, as CSV.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: messages.exporter }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const exported = readFileSync((await download.path())!, 'utf8');
      expect(exported.charCodeAt(0)).toBe(0xfeff);
      expect(exported).toContain(`${PREFIX}01`);
      expect(exported).toContain('Tiendrébéogo');
      expect(exported).not.toContain(`${PREFIX}02`);
    } finally {
      await context.close();
    }
  });

  it('lets a central manager read without importing, and a regional manager see only its direction', async () => {
    const token = await adminToken();
    if ((await studentsOfRun(token)) === 0) {
      const res = await apiCall('POST', 'campus/registre-etudiant/import', {
        token,
        body: { nomFichier: 'registre.csv', fichier: csv(STUDENTS).toString('base64') },
      });
      expect(res.status).toBe(200);
    }

    const central = await createStaff(token, 'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU', 'OUA');
    const one = await newPage(browser);
    try {
      await signInStored(one.page, central.userName, central.password);
      await openRegistry(one.page);
      await search(one.page, PREFIX);
      await table(one.page)
        .getByRole('cell', { name: `${PREFIX}02` })
        .waitFor();
      await expect.poll(() => table(one.page).locator('tbody tr').count()).toBe(3);
      await one.page.getByRole('button', { name: messages.exporter }).waitFor();
      expect(await one.page.getByRole('button', { name: messages.importer }).count()).toBe(0);
    } finally {
      await one.context.close();
    }

    const regional = await createStaff(token, 'ROLE_HEBERGEMENT_GESTIONNAIRE_DR', 'BOB');
    const two = await newPage(browser);
    try {
      await signInStored(two.page, regional.userName, regional.password);
      await openRegistry(two.page);
      await two.page.getByTestId('registre-direction').waitFor();
      await search(two.page, PREFIX);
      await table(two.page)
        .getByRole('cell', { name: `${PREFIX}02` })
        .waitFor();
      await expect.poll(() => table(two.page).locator('tbody tr').count()).toBe(1);
      expect(await two.page.getByRole('button', { name: messages.importer }).count()).toBe(0);
    } finally {
      await two.context.close();
    }
  });
});
