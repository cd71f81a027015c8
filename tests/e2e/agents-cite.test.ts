import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citeMessages } from '../../src/domain/messages-cite';
import { messages } from '../../src/domain/messages';
import { adminToken, apiCall, launchBrowser, storedSession } from '../helpers/browser';
import { e2eServer } from '../helpers/e2e';
import { screenProblems } from '../helpers/screen-checks';
import { accountPage, inEveryVariant, settled, type Requests, type Seen } from '../helpers/screens';
import { created } from './staff-fixtures';

// The admin gives a cité agent its cités from the settings (« Agents de cité »,
// docs/life-in-the-cite.md) in a real Chromium against the real server: an agent account made
// through the API shows « Aucune cité » with its call to action; the dialog refuses an empty choice
// in French, then stores two cités (read back through the API); the agent then finds both on its
// dashboard. The screen and its dialog are checked at 360 and 1366 px, light and dark, and kept as
// pictures. No session is opened: no direction of DIRECTIONS_BY_FILE is needed.

let browser: Browser;
let token = '';
const tag = Date.now().toString(36).slice(-5);
const VILLE = `Dédougou ${tag}`;
const CITES = [`Cité Agent Nord ${tag}`, `Cité Agent Sud ${tag}`];
const AGENT_PASSWORD = 'Agent-cite-2026-ecran';
const agentUser = `agent.ecran.${tag}`;
let idAgent = 0;
const idCites: number[] = [];
const problems: string[] = [];
const shots = path.resolve('.test-output/agents-cite');

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
  token = await adminToken();
  const dir = await created<{ idDirection: number }>(token, 'direction', {
    libelleDirection: `Direction régionale agents ${tag}`,
    sigleDirection: `G${tag}`.slice(0, 20),
  });
  const ville = await created<{ idVille: number }>(token, 'ville', {
    nomVille: VILLE,
    idDirection: dir.idDirection,
  });
  // A third cité, not chosen: the agent must not get it.
  for (const nomCite of [...CITES, `Cité Agent Est ${tag}`]) {
    const c = await created<{ idCite: number }>(token, 'cite', {
      idVille: ville.idVille,
      nomCite,
      nbLit: 10,
      adresseCite: 'Secteur 5',
    });
    idCites.push(c.idCite);
  }
  const agent = await created<{ id: number }>(token, 'users', {
    userName: agentUser,
    nom: 'Sawadogo',
    prenom: 'Issa',
    email: `${agentUser}@cenou.bf`,
    role: 'ROLE_HEBERGEMENT_AGENT_CITE',
    password: AGENT_PASSWORD,
  });
  idAgent = agent.id;
});
afterAll(async () => {
  await browser?.close();
});

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

type AgentRow = { id: number; userName: string; cites: { idCite: number; nomCite: string }[] };

describe('the cité agents screen', () => {
  it('the admin gives an agent two cités, stored and seen on the agent’s dashboard', async () => {
    const admin = await accountPage(
      browser,
      e2eServer().baseURL,
      await storedSession('admin', e2eServer().adminPassword),
    );
    const { page, inflight } = admin;
    await page.goto('/parametre');
    await page
      .getByRole('navigation', { name: messages.menuReglagesSection })
      .getByRole('link', { name: messages.menuAgentsCite, exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: citeMessages.agentsTitre }).waitFor();
    const row = page.locator(`tr[data-agent="${agentUser}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(citeMessages.aucuneCiteAgent);
    // No phone yet: it would get no SMS, and the row says so.
    expect(await row.getByTestId('telephone-agent').textContent()).toBe(citeMessages.aucunTelephoneAgent);
    await page.getByTestId('agents-sans-cite').waitFor();
    await lookEverywhere(page, inflight, 'agents-cite');

    await row.getByRole('button', { name: new RegExp(citeMessages.donnerCites) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // Nothing ticked: the French rule, under the field, and nothing sent.
    await dialog.getByRole('button', { name: messages.enregistrer }).click();
    await dialog.getByText(messages.citesAgentObligatoire).waitFor();
    await lookEverywhere(page, inflight, 'agents-cite-dialogue');
    for (const nomCite of CITES) await dialog.getByLabel(`${nomCite} — ${VILLE}`, { exact: true }).check();
    await dialog.getByRole('button', { name: messages.enregistrer }).click();
    await page.locator('.p-toast-message').getByText(messages.operationReussie).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    for (const nomCite of CITES) await row.getByText(`${nomCite} — ${VILLE}`, { exact: true }).waitFor();
    expect(await row.textContent()).not.toContain(citeMessages.aucuneCiteAgent);
    await lookEverywhere(page, inflight, 'agents-cite-enregistre');
    await admin.context.close();

    const list = await apiCall<AgentRow[]>('GET', 'campus/agent-cite', { token });
    expect(list.status).toBe(200);
    const stored = list.body.find((a) => a.id === idAgent)!;
    expect(stored.cites.map((c) => c.idCite).sort((a, b) => a - b)).toEqual(idCites.slice(0, 2));

    const agent = await accountPage(
      browser,
      e2eServer().baseURL,
      await storedSession(agentUser, AGENT_PASSWORD),
    );
    await agent.page.goto('/tableau-de-bord');
    const table = agent.page.getByTestId('cites-agent');
    await table.waitFor();
    for (const nomCite of CITES) await table.getByRole('rowheader', { name: nomCite }).waitFor();
    expect(await table.textContent()).not.toContain(`Cité Agent Est ${tag}`);
    await agent.context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
