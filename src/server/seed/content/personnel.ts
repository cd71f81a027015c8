/**
 * Demo staff accounts (README.md DEMO_DATA): one per role besides the first admin, which the
 * server creates on its own. Each gets its own random password, printed once in the log.
 */
import { ADMIN, AGENT_CITE, GESTIONNAIRE_CENOU, GESTIONNAIRE_DR, type Role } from '../../../domain/enums';

interface PersonnelSeed {
  userName: string;
  role: Role;
  /** Sigle of the account's direction; none for the admin and the central manager (docs/roles.md). */
  direction: string | null;
  nom: string;
  prenom: string;
  email: string;
  /** An agent's cités, by name (docs/life-in-the-cite.md#the-cités-agents). */
  cites?: readonly string[];
  /**
   * The account's phone, where its cités' urgent and late repairs are sent by SMS: Burkina Faso's
   * numbers of the demo's own series (`+226 01 00 02 xx`), beside the students' USSD phones
   * (`+226 01 00 01 xx`), never a registry student's (those start with 5, 6 or 7).
   */
  telephone?: string;
}

export const PERSONNEL: readonly PersonnelSeed[] = [
  {
    userName: 'admin.demo',
    role: ADMIN,
    direction: null,
    nom: 'Nikièma',
    prenom: 'Prosper',
    email: 'admin.demo@cenou.bf',
  },
  {
    userName: 'gestionnaire.cenou',
    role: GESTIONNAIRE_CENOU,
    direction: null,
    nom: 'Sawadogo',
    prenom: 'Alimata',
    email: 'gestionnaire.cenou@cenou.bf',
  },
  {
    userName: 'gestionnaire.ouaga',
    role: GESTIONNAIRE_DR,
    direction: 'OUA',
    nom: 'Compaoré',
    prenom: 'Adama',
    email: 'gestionnaire.ouaga@cenou.bf',
  },
  {
    userName: 'gestionnaire.bobo',
    role: GESTIONNAIRE_DR,
    direction: 'BOB',
    nom: 'Sanou',
    prenom: 'Bintou',
    email: 'gestionnaire.bobo@cenou.bf',
  },
  {
    userName: 'gestionnaire.koudougou',
    role: GESTIONNAIRE_DR,
    direction: 'KDG',
    nom: 'Kéré',
    prenom: 'Justin',
    email: 'gestionnaire.koudougou@cenou.bf',
  },
  {
    userName: 'agent.cite1500',
    role: AGENT_CITE,
    direction: null,
    nom: 'Bationo',
    prenom: 'Rasmané',
    email: 'agent.cite1500@cenou.bf',
    cites: ['Cité universitaire des 1\u00a0500 lits'],
    telephone: '+22601000201',
  },
  {
    userName: 'agent.fasotex',
    role: AGENT_CITE,
    direction: null,
    nom: 'Yaméogo',
    prenom: 'Clarisse',
    email: 'agent.fasotex@cenou.bf',
    cites: ['Cité universitaire Fasotex', 'Cité universitaire Bon Séjour'],
    telephone: '+22601000202',
  },
];

/** Directions that get an open session in its registration phase. */
export const DIRECTIONS_SESSION: readonly string[] = ['OUA', 'BOB', 'KDG'];
