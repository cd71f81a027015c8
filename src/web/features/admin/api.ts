import { RESOURCE_BY_NAME, type ResourceName } from '../../../domain/resources/definitions';
import type { ResourceDef, ResourceRow } from '../../../domain/resources/types';
import type { ResourceBody } from '../../../domain/schemas/resources';
import { answerOf, apiClient } from '../../lib/client';

/**
 * The settings' calls (`campus/{resource}`), typed by the API's description (lib/client.ts). A
 * row's fields are its definition's (`rowSchema`), known at run time only: a resource's path is
 * one the description declares (`ResourcePath`, checked by the compiler for every resource
 * name), its answer the union of the resources' rows, and the body the one the definition builds
 * (`buildBody`, checked by the server against the same definition). The paged lists go through
 * `useServerList`.
 */

/** The list path of a reference-data resource, as the description writes it. */
export type ResourcePath = `/campus/${ResourceName}`;

const isResourceName = (name: string): name is ResourceName => Object.hasOwn(RESOURCE_BY_NAME, name);

/** The described path of a resource (its name comes from its definition). */
export function resourcePath(name: string): ResourcePath {
  if (!isResourceName(name)) throw new Error(`unknown resource: ${name}`);
  return `/campus/${name}`;
}

/** The element path of a resource, as the description writes it. */
const elementPath = (name: string) => `${resourcePath(name)}/{id}` as const;

/** A row's id, as the path takes it. */
const idOf = (id: unknown) => ({ id: Number(id) });

/** Every live row of a resource (a dropdown's options), narrowed by a cascade's parameter. */
export const fetchRows = async (
  name: string,
  query: Record<string, string> | undefined,
  signal?: AbortSignal,
): Promise<ResourceRow[]> =>
  (await answerOf(apiClient.GET(resourcePath(name), { params: { query }, signal } as never))) ?? [];

export const createRow = async (def: ResourceDef, body: ResourceBody): Promise<ResourceRow> =>
  answerOf(apiClient.POST(resourcePath(def.name), { body } as never));

export const updateRow = async (def: ResourceDef, id: unknown, body: ResourceBody): Promise<ResourceRow> =>
  answerOf(apiClient.PUT(elementPath(def.name), { params: { path: idOf(id) }, body } as never));

/** A soft delete (`PATCH`): refused while live rows reference the row. */
export const deleteRow = (def: ResourceDef, id: unknown) =>
  answerOf(apiClient.PATCH(elementPath(def.name), { params: { path: idOf(id) } }));

/** An admin's reset of a user's password: a new one is mailed. */
export const resetPassword = (idUser: unknown) =>
  answerOf(apiClient.PUT('/campus/users/{id}/reset', { params: { path: idOf(idUser) } }));
