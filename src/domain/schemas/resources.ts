import { z } from 'zod';
import { categorieChambre, cite } from '../resources/definitions';
import { outputFields, rowSchema, writeSchema } from '../resources/shape';
import type { ResourceDef } from '../resources/types';
import { idParam, messageBody, optionalIdParam } from './common';

/**
 * The calls of the reference-data resources (`campus/{resource}`), built from each resource's
 * definition: its row (`rowSchema`), its create and update bodies (`writeSchema`), the list's own
 * parameters. A row's fields are known only from the definition at run time, so the client reads
 * rows as `ResourceRow`; the types below name what it reads beyond that.
 */

/** `campus/{resource}/{id}`, `campus/users/{id}/reset`, `campus/cite-categorie/{id}`. */
export const resourceIdParams = z.object({ id: idParam });

/**
 * The list's equality filters (`?idCite=3`): one per id of the row, its own or one lent by a
 * parent (a bed's `idCite`), as `equalityConditions` reads them.
 */
export function resourceListParams(def: ResourceDef): Record<string, typeof optionalIdParam> {
  return Object.fromEntries(
    outputFields(def)
      .filter((f) => f.type === 'ref' || f.type === 'id')
      .map((f) => [f.name, optionalIdParam]),
  );
}

/** The users list's own parameter: `username` (contains, ignoring case and accents). */
export const usersListParams = { username: z.string().optional() };

/** One row as the API returns it (`GET`, and the answer of a create or an update). */
export const resourceRead = (def: ResourceDef) => rowSchema(def);
export const resourceListAnswer = (def: ResourceDef) => z.array(rowSchema(def));
export const resourceCreateBody = (def: ResourceDef) => writeSchema(def, 'create');
export const resourceUpdateBody = (def: ResourceDef) => writeSchema(def, 'update');
/** A row's fields by name, as the definition gives them. */
export type ResourceRead = z.infer<ReturnType<typeof resourceRead>>;
export type ResourceBody = z.input<ReturnType<typeof resourceCreateBody>>;

/** The answer of a delete (`PATCH campus/{resource}/{id}`) and of a password reset. */
export const resourceDeleteAnswer = messageBody;
export const userResetAnswer = messageBody;
export type MessageAnswer = z.infer<typeof messageBody>;

/** `GET campus/cite-categorie/{id}`: a cité with its room categories. */
export const citeCategorieAnswer = rowSchema(cite).extend({
  listeCategorieChambre: z.array(rowSchema(categorieChambre)),
});
