import { sql, type SQL } from 'drizzle-orm';
import { IDENTITY_FIELDS, type RegistrationIdentity } from '../../domain/registry';
import { snake } from '../../domain/resources/shape';

/**
 * The student's identity read from the registry row aliased `r` (`registre_etudiant r`), each
 * column under its API name: the whole identity (`IDENTITY_FIELDS`), or the `fields` given.
 */
export function identityColumns(fields: readonly (keyof RegistrationIdentity)[] = IDENTITY_FIELDS): SQL {
  return sql.raw(fields.map((f) => (snake(f) === f ? `r.${f}` : `r.${snake(f)} AS "${f}"`)).join(', '));
}
