import type { ResourceDef } from '../../../domain/resources/types';
import type { MessageAnswer, ResourceBody, ResourceRead } from '../../../domain/schemas/resources';
import { api, type Query } from '../../lib/api';
import { paths } from '../../lib/paths';

/**
 * The settings' calls (`campus/{resource}`): a row's fields are its definition's (`rowSchema`),
 * known at run time only. The paged lists go through `useServerList`.
 */

/** Every live row of a resource (a dropdown's options), narrowed by a cascade's parameter. */
export const fetchRows = (name: string, query: Query | undefined, signal?: AbortSignal) =>
  api.get<ResourceRead[]>(paths.api.liste(name), query, signal);

export const createRow = (def: ResourceDef, body: ResourceBody) =>
  api.post<ResourceRead>(paths.api.liste(def.name), body);

export const updateRow = (def: ResourceDef, id: unknown, body: ResourceBody) =>
  api.put<ResourceRead>(paths.api.element(def.name, String(id)), body);

/** A soft delete (`PATCH`): refused while live rows reference the row. */
export const deleteRow = (def: ResourceDef, id: unknown) =>
  api.patch<MessageAnswer>(paths.api.element(def.name, String(id)));

/** An admin's reset of a user's password: a new one is mailed. */
export const resetPassword = (idUser: unknown) =>
  api.put<MessageAnswer>(paths.api.reinitialiserMotDePasse(String(idUser)));
