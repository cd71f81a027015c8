import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citeMessages } from '../../src/domain/messages-cite';
import { messages } from '../../src/domain/messages';
import { repairMessages } from '../../src/domain/messages-repairs';
import { adminToken, apiCall, launchBrowser, storedSession } from '../helpers/browser';
import { e2eServer } from '../helpers/e2e';
import { screenProblems } from '../helpers/screen-checks';
import { accountPage, inEveryVariant, settled, type Requests, type Seen } from '../helpers/screens';
import { AGENT_PASSWORD, citeAgent, housedStudent, type Made } from './staff-fixtures';

// The cité agent finds a settled resident through its « Résidents » list and opens its departure
// (docs/life-in-the-cite.md#the-residents), in a real Chromium at 360 px against the real server:
// a cité of this run's own, a student admitted and given a bed, its key handed and its arrival
// inventory filled and countersigned by the agent (API). The list and the departure page are
// checked at 360 and 1366 px, light and dark, and kept as pictures; each page has its own title;
// a page of an assignment that does not exist offers no « Réessayer ».

let browser: Browser;
const tag = Date.now().toString(36).slice(-5);
const VILLE = `Dédougou ${tag}`;
const MONTANT = 5_000;
const INE = `RS${String(Date.now()).slice(-9)}1`;
let made: Made;
let agentUser = '';
let idAffectation = 0;
const problems: string[] = [];
const shots = path.resolve('.test-output/agent-residents');

async function ok<T>(method: string, p: string, body?: unknown, token = made.token): Promise<T> {
  const res = await apiCall<T>(method, p, { token, body });
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  const token = await adminToken();
  const housed = await housedStudent({
    tag,
    ville: VILLE,
    ine: INE,
    nomEtudiant: 'Yaméogo',
    prenomEtudiant: 'Clarisse',
    what: 'résidents',
    sigle: 'R',
    nomCite: `Cité Résidents ${tag}`,
    montant: MONTANT,
    // The room's inventory: two elements of its category.
    inventaire: ['Lit et matelas', 'Porte et serrure'],
  });
  ({ made, idAffectation } = housed);
  agentUser = (await citeAgent(token, `agent.res.${tag}`, [housed.room.idCite])).userName;
  // Settled: the key handed, the arrival inventory filled and countersigned by the agent.
  const signin = await apiCall<{ accessToken: string }>('POST', 'campus-auth/signin', {
    body: { username: agentUser, password: AGENT_PASSWORD },
  });
  const agentToken = signin.body.accessToken;
  await ok('POST', `campus/affectation/${idAffectation}/arrivee`, { codeCle: `R01-${tag}` }, agentToken);
  const read = await ok<{ elementsChambre: { idElementInventaire: number }[] }>(
    'GET',
    `campus/etat-des-lieux?idAffectation=${idAffectation}`,
    undefined,
    agentToken,
  );
  const entree = await ok<{ idEtatDesLieux: number }>(
    'POST',
    'campus/etat-des-lieux',
    {
      idAffectation,
      type: 'ENTREE',
      elements: read.elementsChambre.map((e) => ({
        idElementInventaire: e.idElementInventaire,
        etat: 'BON',
      })),
    },
    agentToken,
  );
  await ok('POST', `campus/etat-des-lieux/${entree.idEtatDesLieux}/validation`, undefined, agentToken);
});
afterAll(async () => {
  await browser?.close();
});

/** The agent signed in on a phone (360 px), on its dashboard. */
async function agentOnPhone() {
  const agent = await accountPage(
    browser,
    e2eServer().baseURL,
    await storedSession(agentUser, AGENT_PASSWORD),
  );
  await agent.page.setViewportSize({ width: 360, height: 740 });
  await agent.page.goto('/tableau-de-bord');
  return agent;
}

async function lookEverywhere(page: Page, inflight: Requests, where: string) {
  await settled(page, inflight);
  await inEveryVariant(page, where, 'chargé', async (p: Page, seen: Seen) => {
    problems.push(...(await screenProblems(p, `${where} ${seen.variant.name}`, seen)));
    await p.screenshot({
      path: path.join(shots, `${where.replace(/\W/g, '')}-${seen.variant.name.replace(/\W/g, '')}.png`),
      fullPage: true,
    });
  });
}

describe('the agent’s residents', () => {
  it('on a phone the agent finds a settled resident in « Résidents » and opens its departure', async () => {
    const agent = await agentOnPhone();
    const page = agent.page;
    await page.getByTestId('cites-agent').waitFor();
    await page.getByRole('link', { name: citeMessages.voirResidents }).click();
    await page.waitForURL(/\/residents$/);
    await page.getByRole('heading', { name: citeMessages.residentsTitre }).waitFor();
    expect(await page.title()).toContain(citeMessages.residentsTitre);
    await page.getByTestId('filtre-situation').selectOption('INSTALLE');
    await page.waitForURL(/situation=INSTALLE/);
    await page.getByRole('searchbox', { name: messages.rechercheGlobale }).fill(INE);
    const row = page.locator('.resource-table tbody tr', { hasText: INE });
    await row.waitFor();
    expect(await row.textContent()).toContain(citeMessages.etatsResident.INSTALLE);
    await lookEverywhere(page, agent.inflight, 'residents');
    await page.setViewportSize({ width: 360, height: 740 });
    await row.getByTestId('lien-depart').click();
    await page.waitForURL(new RegExp(`/depart/${idAffectation}$`));
    await page.getByTestId('formulaire-etat-des-lieux').waitFor();
    expect(await page.title()).toContain(citeMessages.departTitre);
    await lookEverywhere(page, agent.inflight, 'depart-depuis-residents');
    // Its arrival page has its own title.
    await page.goto(`/etat-des-lieux/${idAffectation}`);
    await page.getByTestId('etat-des-lieux-entree').waitFor();
    expect(await page.title()).toContain(citeMessages.arriveeTitre);
    // An assignment that does not exist: the message, and no « Réessayer » that cannot help.
    await page.goto('/etat-des-lieux/999999');
    await page.locator('.notice-error').waitFor();
    expect(await page.getByRole('button', { name: messages.reessayer }).count()).toBe(0);
    // The dashboard's departures lead to the list filtered by cité and situation.
    await page.goto('/residents?situation=PARTI');
    await page.getByRole('heading', { name: citeMessages.residentsTitre }).waitFor();
    expect(await page.getByTestId('filtre-situation').inputValue()).toBe('PARTI');
    await page.getByText(messages.aucunResultat).first().waitFor();
    await agent.context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('its dashboard shows each cité’s beds, occupied beds and rate as the server counts them', async () => {
    const signin = await apiCall<{ accessToken: string }>('POST', 'campus-auth/signin', {
      body: { username: agentUser, password: AGENT_PASSWORD },
    });
    const [want] = await ok<{ nomCite: string; lits: number; litsOccupes: number; tauxOccupation: number }[]>(
      'GET',
      'campus/intervention/par-cite',
      undefined,
      signin.body.accessToken,
    );
    // Its one cité: a room of two beds, the settled resident in one.
    expect(want).toMatchObject({ lits: 2, litsOccupes: 1, tauxOccupation: 50 });
    const agent = await agentOnPhone();
    const page = agent.page;
    const table = page.getByTestId('interventions-par-cite');
    await table.getByRole('heading', { name: repairMessages.parCiteTitre }).waitFor();
    const row = table.locator('tbody tr', { hasText: want.nomCite });
    await row.waitFor();
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    for (const [label, value] of [
      [repairMessages.colonneLits, '2'],
      [repairMessages.colonneLitsOccupes, '1'],
      [repairMessages.colonneTaux, '50 %'],
    ])
      expect(text, label).toContain(value);
    await lookEverywhere(page, agent.inflight, 'tableau-de-bord-par-cite');
    // At 1366 px the table's columns are named once each.
    await page.setViewportSize({ width: 1366, height: 900 });
    const heads = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim());
    for (const label of [
      repairMessages.colonneLits,
      repairMessages.colonneLitsOccupes,
      repairMessages.colonneTaux,
    ])
      expect(heads).toContain(label);
    const wide = (await row.innerText()).replace(/\s+/g, ' ');
    expect(wide).toContain('50 %');
    await agent.context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
