import type { QueryClient } from '@tanstack/react-query';
import { RESOURCES } from '../../../domain/resources/definitions';
import { outputFields } from '../../../domain/resources/shape';
import type { ResourceDef } from '../../../domain/resources/types';
import { listKey } from '../../components/list/useServerList';

/** The resources a chain of ref fields goes through, from `def` (`['chambre', 'couloir']`). */
function chainOf(def: ResourceDef, via: string[], byName: Map<string, ResourceDef>): string[] {
  const names: string[] = [];
  let current: ResourceDef | undefined = def;
  for (const field of via) {
    const ref: string | undefined = current?.fields.find((f) => f.name === field)?.ref;
    if (!ref) break;
    names.push(ref);
    current = byName.get(ref);
  }
  return names;
}

/**
 * The resources whose rows change when a row of `changed` is saved: itself, and every resource
 * whose rows show one of its fields, that is one of whose output fields comes through a chain of
 * refs reaching `changed` (a building renamed shows in the levels, corridors, rooms and beds; moved
 * to another cité, their cité columns change too). `changed` first, then the others in the order
 * of `defs`.
 */
export function resourcesShowing(changed: string, defs: readonly ResourceDef[] = RESOURCES): string[] {
  const byName = new Map(defs.map((d) => [d.name, d]));
  const showing = defs.filter(
    (d) =>
      d.name !== changed &&
      outputFields(d).some((f) => f.via.length > 0 && chainOf(d, f.via, byName).includes(changed)),
  );
  return [changed, ...showing.map((d) => d.name)];
}

/**
 * After a write on `changed`: reload the lists of these resources and drop their cached dropdown
 * options (a label may have changed), and nothing else. A save touches every resource showing the
 * row's fields (`resourcesShowing`); a delete only the resource itself, since the server refuses
 * to delete a row that live rows reference (`REFERENCE_UTILISEE`).
 */
export async function refreshAfterWrite(
  queryClient: QueryClient,
  changed: string,
  write: 'save' | 'delete',
): Promise<void> {
  const names = write === 'save' ? resourcesShowing(changed) : [changed];
  for (const name of names) queryClient.removeQueries({ queryKey: ['options', name] });
  await Promise.all(names.map((name) => queryClient.invalidateQueries({ queryKey: listKey.resource(name) })));
}
