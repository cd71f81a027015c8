import { ETUDIANT } from '../../src/domain/enums';
import { screenWalks } from './screens-fixtures';

// Every screen as a person sees it (docs/testing.md#screens-as-a-person-sees-them): the visitor and
// the student on every route of their role, in every state each page offers, at 360 and 1366 px,
// light and dark (tests/e2e/screens-fixtures.ts). The administrator's walk, as long as these two
// together, is screens-admin.test.ts, so that another browser worker takes it (decision 090). The
// regional and central managers are walked on the demo's data by screens-demo.test.ts, on every
// route of their role, in every state, each direction in its phase of the season: walking them
// again here, on the few rows of this file, checked the same routes and states a second time
// (decision 111). Neither role here saves a settings row or opens an "Ajouter" form: the
// administrator's walk reaches those states.
screenWalks({
  name: 'screens',
  roles: [null, ETUDIANT],
  kinds: ['chargé', 'liste vide', 'confirmation de suppression'],
});
