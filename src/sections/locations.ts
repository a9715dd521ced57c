/**
 * Service locations (服務據點, spec §2 `/about/locations/{area}`; §9 "Locations grouped by areaId"): the areas
 * (location categories) in display order, each with the branches whose `areaId` is the area id, and the static
 * paths and props of the location pages.
 */
import { getCollection } from 'astro:content';
import type { z } from 'astro/zod';
import type { categorySchema, locationSchema } from '../portal/schemas';
import { inDisplayOrder, type Sortable } from '../lib/order';

/** Collection data typed from the portal schemas. */
export type Location = z.output<typeof locationSchema>;
export type LocationArea = z.output<typeof categorySchema>;

/** An area with its branches. */
export interface LocationGroup<A, L> {
  area: A;
  locations: L[];
}

/**
 * Groups branches by area (spec §9). In: areas and branches in any order. Out: one group per area in display
 * order (sort, then id), holding the branches with `areaId === area.id` in natural id order. Branches of an
 * unknown area are left out (they have no page to be on).
 */
export function groupLocations<A extends Sortable, L extends { id: string; areaId: string }>(
  areas: readonly A[],
  locations: readonly L[],
): LocationGroup<A, L>[] {
  const sorted = [...locations].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
  return inDisplayOrder(areas).map((area) => ({
    area,
    locations: sorted.filter((location) => location.areaId === area.id),
  }));
}

/** `/about/locations/{area}`. */
export const locationsPath = (areaId: string): string => `/about/locations/${encodeURIComponent(areaId)}`;

export interface LocationsPageProps {
  area: LocationArea;
  locations: Location[];
  tabs: { label: string; href: string; current: boolean }[];
}

/** Static paths of `/about/locations/{area}`: one page per area, `{ params: { area }, props }[]`. */
export async function locationAreaPaths() {
  const [areas, locations] = await Promise.all([getCollection('locationCategories'), getCollection('locations')]);
  const groups = groupLocations(
    areas.map((entry) => entry.data),
    locations.map((entry) => entry.data),
  );
  return groups.map(({ area, locations: own }) => {
    const props: LocationsPageProps = {
      area,
      locations: own,
      tabs: groups.map((group) => ({ label: group.area.name, href: locationsPath(group.area.id), current: group.area.id === area.id })),
    };
    return { params: { area: area.id }, props };
  });
}

/** The first area's page (where `/about/locations` leads), or the contact page when there is no area. */
export async function locationsLandingPath(): Promise<string> {
  const [first] = inDisplayOrder((await getCollection('locationCategories')).map((entry) => entry.data));
  return first ? locationsPath(first.id) : '/contact';
}
