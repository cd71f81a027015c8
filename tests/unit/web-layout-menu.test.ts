import { describe, expect, it } from 'vitest';
import { ADMIN, ETUDIANT, GESTIONNAIRE_CENOU, GESTIONNAIRE_DR } from '../../src/domain/enums';
import { messages } from '../../src/domain/messages';
import { menuFor, menuTree, viewerOf, type MenuNode } from '../../src/web/app/registry';

// The main menu as drawn (layout settings: grouped or not). Grouped, the staff's entries fold into
// the main menu's submenus (Dépôt, Affectation, Réglages); ungrouped, it is the flat
// menu of menuFor (tests/unit/web-registry.test.ts). Students and visitors keep their short menu.

const as = (role: string) => viewerOf({ roles: [role] });
/** Top entries: a link's label, or a submenu's label with its entries' labels. */
const shape = (nodes: MenuNode[]) =>
  nodes.map((n) =>
    n.kind === 'link' ? n.route.label : { [n.label]: n.entries.map((r) => r.sectionLabel ?? r.label) },
  );

describe('grouped main menu', () => {
  it("groups the admin's entries into submenus", () => {
    expect(shape(menuTree(as(ADMIN), true))).toEqual([
      messages.menuAccueil,
      messages.menuTableauDeBord,
      { [messages.menuDepot]: [messages.menuDepotDirection, messages.menuDepotGeneral] },
      messages.menuCommission,
      messages.menuResultat,
      { [messages.menuAffectation]: [messages.menuAffectationCite, messages.menuAffectationChambre] },
      messages.menuStatistiques,
      messages.menuDelaisReportes,
      messages.menuInterventions,
      { [messages.menuReglages]: [messages.menuParametres, messages.registreTitre] },
      messages.menuFaq,
    ]);
  });

  it("groups the regional manager's, whose lone Registre stays a link", () => {
    expect(shape(menuTree(as(GESTIONNAIRE_DR), true))).toEqual([
      messages.menuAccueil,
      messages.menuTableauDeBord,
      { [messages.menuDepot]: [messages.menuDepotDirection, messages.menuDepotGeneral] },
      messages.menuCommission,
      messages.menuDeliberation,
      messages.menuResultat,
      {
        [messages.menuAffectation]: [
          messages.menuAffectationCite,
          messages.menuAffectationChambre,
          messages.menuChoixChambres,
        ],
      },
      messages.menuLoyers,
      messages.menuStatistiques,
      messages.menuDelaisReportes,
      messages.menuInterventions,
      messages.registreTitre,
      messages.menuFaq,
    ]);
    expect(shape(menuTree(as(GESTIONNAIRE_CENOU), true))).toEqual([
      messages.menuAccueil,
      messages.menuTableauDeBord,
      { [messages.menuDepot]: [messages.menuDepotDirection, messages.menuDepotGeneral] },
      messages.menuResultat,
      {
        [messages.menuAffectation]: [
          messages.menuAffectationCite,
          messages.menuAffectationChambre,
          messages.menuChoixChambres,
        ],
      },
      messages.menuLoyers,
      messages.menuStatistiques,
      messages.menuDelaisReportes,
      messages.menuInterventions,
      messages.registreTitre,
      messages.menuFaq,
    ]);
  });

  it('keeps the short menus of students and visitors, and the flat menu when ungrouped', () => {
    for (const viewer of [null, as(ETUDIANT)]) {
      expect(menuTree(viewer, true).every((n) => n.kind === 'link')).toBe(true);
      expect(shape(menuTree(viewer, true))).toEqual(menuFor(viewer, 'main').map((r) => r.label));
    }
    for (const role of [ADMIN, GESTIONNAIRE_DR, GESTIONNAIRE_CENOU]) {
      const flat = menuTree(as(role), false);
      expect(flat.every((n) => n.kind === 'link')).toBe(true);
      expect(shape(flat)).toEqual(menuFor(as(role), 'main').map((r) => r.label));
    }
  });
});
