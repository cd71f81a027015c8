import { ADMIN } from '../../src/domain/enums';
import { screenWalks, STATE_KINDS } from './screens-fixtures';

// Every screen as a person sees it (docs/testing.md#screens-as-a-person-sees-them): the
// administrator, on every route of its role (53), in every state each page offers, at 360 and 1366
// px, light and dark (tests/e2e/screens-fixtures.ts): the other roles are screens.test.ts, in
// another browser worker (decision 090). Its walk reaches every kind of state the walk knows.
screenWalks({ name: 'screens-admin', roles: [ADMIN], kinds: STATE_KINDS });
