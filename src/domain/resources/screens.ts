import type { Permission } from '../permissions';
import type { MenuGroup } from './types';

/** What the settings menu shows of a reference-data resource: its screen, not its fields. */
export interface ResourceScreen {
  name: string;
  title: string;
  path: string;
  menuGroup: MenuGroup;
  /** The permission that opens the screen (`access.write` of the resource). */
  write: Permission;
}

/**
 * The settings screens of the seventeen reference-data resources, in the order of `RESOURCES`
 * (definitions.ts): the one place of their titles, paths and menu groups, which each definition
 * spreads (`screenFields`), with the permission that opens each. Kept apart so that the client's
 * routes and menu, in every page's entry script, do not carry the resources' whole definitions
 * (fields, checks, labels: docs/decisions/083-first-load-margin-and-lighthouse.md);
 * tests/unit/web-registry.test.ts checks that each line agrees with its definition.
 */
export const RESOURCE_SCREENS: readonly ResourceScreen[] = [
  { name: 'cite', title: 'Cités', path: '/parametre/cite', menuGroup: 'cite', write: 'reference.write' },
  {
    name: 'batiment',
    title: 'Bâtiments',
    path: '/parametre/batiment',
    menuGroup: 'cite',
    write: 'reference.write',
  },
  {
    name: 'niveau',
    title: 'Niveaux',
    path: '/parametre/niveau',
    menuGroup: 'cite',
    write: 'reference.write',
  },
  {
    name: 'couloir',
    title: 'Couloirs',
    path: '/parametre/couloir',
    menuGroup: 'cite',
    write: 'reference.write',
  },
  {
    name: 'categorie-chambre',
    title: 'Catégories de chambre',
    path: '/parametre/categorie-chambre',
    menuGroup: 'cite',
    write: 'reference.write',
  },
  {
    name: 'element-inventaire',
    title: 'Inventaire des chambres',
    path: '/parametre/element-inventaire',
    menuGroup: 'cite',
    write: 'reference.write',
  },
  {
    name: 'chambre',
    title: 'Chambres',
    path: '/parametre/chambre',
    menuGroup: 'cite',
    write: 'reference.write',
  },
  { name: 'lit', title: 'Lits', path: '/parametre/lit', menuGroup: 'cite', write: 'reference.write' },
  { name: 'quota', title: 'Quotas', path: '/parametre/quota', menuGroup: 'cite', write: 'reference.write' },
  {
    name: 'type-critere',
    title: 'Types de critères',
    path: '/parametre/type-critere',
    menuGroup: 'critere',
    write: 'reference.write',
  },
  {
    name: 'critere',
    title: 'Critères',
    path: '/parametre/critere',
    menuGroup: 'critere',
    write: 'reference.write',
  },
  {
    name: 'direction',
    title: 'Directions',
    path: '/parametre/direction',
    menuGroup: 'autres',
    write: 'reference.write',
  },
  { name: 'ville', title: 'Villes', path: '/parametre/ville', menuGroup: 'autres', write: 'reference.write' },
  {
    name: 'session-cenou',
    title: 'Sessions',
    path: '/parametre/session',
    menuGroup: 'autres',
    write: 'reference.write',
  },
  {
    name: 'type-paiement',
    title: 'Types de paiement',
    path: '/parametre/typePaiement',
    menuGroup: 'paiement',
    write: 'reference.write',
  },
  {
    name: 'operateur',
    title: 'Opérateurs',
    path: '/parametre/operateur',
    menuGroup: 'paiement',
    write: 'reference.write',
  },
  {
    name: 'users',
    title: 'Utilisateurs',
    path: '/parametre/utilisateur',
    menuGroup: 'administration',
    write: 'users.manage',
  },
];

/** A resource's title, path and menu group, as its definition spreads them (one source for both). */
export function screenFields(name: string): Pick<ResourceScreen, 'title' | 'path' | 'menuGroup'> {
  const screen = RESOURCE_SCREENS.find((s) => s.name === name);
  if (!screen) throw new Error(`No settings screen for the resource ${name}`);
  return { title: screen.title, path: screen.path, menuGroup: screen.menuGroup };
}
