import { ETUDIANT, GESTIONNAIRE_CENOU, GESTIONNAIRE_DR } from '../../src/domain/enums';
import { screenWalks } from './screens-fixtures';

// Every screen as a person sees it (docs/testing.md#screens-as-a-person-sees-them): the visitor, the
// student, the regional and the central manager, on every route of their role, in every state each
// page offers, at 360 and 1366 px, light and dark (tests/e2e/screens-fixtures.ts). The administrator's
// walk, as long as these four together, is screens-admin.test.ts, so that another browser worker
// takes it (decision 090). None of these roles saves a settings row or opens an "Ajouter" form: the
// administrator's walk reaches those states.
screenWalks({
  name: 'screens',
  roles: [null, ETUDIANT, GESTIONNAIRE_DR, GESTIONNAIRE_CENOU],
  kinds: ['chargé', 'liste vide', 'confirmation de suppression'],
});
