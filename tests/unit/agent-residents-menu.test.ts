import { describe, expect, it } from 'vitest';
import { ADMIN, AGENT_CITE, GESTIONNAIRE_CENOU } from '../../src/domain/enums';
import { messages } from '../../src/domain/messages';
import { menuFor, routesFor, viewerOf } from '../../src/web/app/registry';

// The cité agent's menu leads to its residents (docs/life-in-the-cite.md#the-residents); the admin
// may open the list without a menu entry; the managers may not.

const as = (role: string) => viewerOf({ roles: [role] });

describe('the agent’s residents in the menus', () => {
  it('gives the agent « Résidents » after its dashboard', () => {
    expect(menuFor(as(AGENT_CITE), 'main').map((r) => r.label)).toEqual([
      messages.menuAccueil,
      messages.menuTableauDeBord,
      messages.menuResidents,
      messages.menuSignaler,
      messages.menuInterventions,
      messages.menuFaq,
    ]);
  });

  it('opens /residents to the admin without a menu entry, and not to a manager', () => {
    expect(routesFor(as(ADMIN)).map((r) => r.path)).toContain('/residents');
    expect(menuFor(as(ADMIN), 'main').map((r) => r.label)).not.toContain(messages.menuResidents);
    expect(routesFor(as(GESTIONNAIRE_CENOU)).map((r) => r.path)).not.toContain('/residents');
  });
});
