import { RESOURCE_BY_NAME } from '../../../domain/resources/definitions';
import { NotFound } from '../../app/StatusPages';
import { ENUM_FILTERS } from './enumFilters';
import { ResourceScreen } from './ResourceScreen';

/** A settings screen of one reference-data resource (its name comes from the route registry). */
export default function ResourcePage({ resource }: { resource: string }) {
  const def = RESOURCE_BY_NAME[resource];
  if (!def) return <NotFound />;
  return <ResourceScreen key={def.name} def={def} enumFilter={ENUM_FILTERS[def.name]} />;
}
