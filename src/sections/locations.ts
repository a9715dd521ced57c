/**
 * Service locations (服務據點, REFERENCE.md "Routes" `/about/locations/{area}`; REFERENCE.md "Constants": "Locations grouped by areaId"): the areas
 * (location categories) in display order, each with the branches whose `areaId` is the area id, and the static
 * paths and props of the location pages: LOCATION_PAGE_SIZE branches per page, page 1 at `/about/locations/{area}`
 * (the spec's URL), pages 2..n at `/about/locations/{area}/{page}` (a large area keeps its pages bounded).
 */
import { getCollection } from 'astro:content';
import type { z } from 'astro/zod';
import type { categorySchema, locationSchema } from '../portal/schemas';
import { LOCATION_PAGE_SIZE } from '../site/limits';
import { inListOrder, type Sortable } from '../lib/order';
import { elementId } from '../lib/element-id';
import { listPages, splitFirstPages } from '../lib/paginate';

/** Collection data typed from the portal schemas. */
export type Location = z.output<typeof locationSchema>;
export type LocationArea = z.output<typeof categorySchema>;

/** An area with its branches. */
export interface LocationGroup<A, L> {
  area: A;
  locations: L[];
}

/**
 * Groups branches by area (REFERENCE.md "Constants"). In: areas and branches in any order. Out: one group per area in display
 * order (sort, then id), holding the branches with `areaId === area.id` in natural id order. Branches of an
 * unknown area are left out (they have no page to be on).
 */
export function groupLocations<A extends Sortable, L extends { id: string; areaId: string }>(
  areas: readonly A[],
  locations: readonly L[],
): LocationGroup<A, L>[] {
  const sorted = inListOrder('locations', locations);
  return inListOrder('locationCategories', areas).map((area) => ({
    area,
    locations: sorted.filter((location) => location.areaId === area.id),
  }));
}

/**
 * The element id of a branch on its area's page (`location-{id}`): the fragment of the link that opens it, a site-search
 * result's (src/integrations/search-items.ts); src/lib/element-id.ts elementId, unique on the page whatever the ids.
 */
export const locationAnchor = (location: Pick<Location, 'id'>): string => elementId('location', location.id);

/** `/about/locations/{area}`. */
export const locationsPath = (areaId: string): string => `/about/locations/${encodeURIComponent(areaId)}`;

/** URL of page `page` (1-based) of an area: page 1 is `/about/locations/{area}` (REFERENCE.md "Routes"), page n `…/{area}/{n}`. */
export const locationsPagePath = (areaId: string, page: number): string => (page > 1 ? `${locationsPath(areaId)}/${page}` : locationsPath(areaId));

export interface LocationsPageProps {
  area: LocationArea;
  /** The branches on this page. */
  locations: Location[];
  /** Branches in the area (all its pages). */
  count: number;
  tabs: { label: string; href: string; current: boolean }[];
  /** 1-based page of the area. */
  page: number;
  totalPages: number;
  /** 0-based position in the area of the first branch on this page. */
  firstIndex: number;
}

/** Every page of every area: `{ params: { area, page }, props }[]`, areas in display order. */
async function locationAreaPages() {
  const [areas, locations] = await Promise.all([getCollection('locationCategories'), getCollection('locations')]);
  const groups = groupLocations(
    areas.map((entry) => entry.data),
    locations.map((entry) => entry.data),
  );
  const tabsFor = (areaId: string) =>
    groups.map((group) => ({ label: group.area.name, href: locationsPath(group.area.id), current: group.area.id === areaId }));
  return groups.flatMap(({ area, locations: own }) => {
    return listPages(own, LOCATION_PAGE_SIZE).map(({ items: branches, ...position }) => {
      const props: LocationsPageProps = { area, locations: branches, count: own.length, tabs: tabsFor(area.id), ...position };
      return { params: { area: area.id, page: String(position.page) }, props };
    });
  });
}

/** Static paths of `/about/locations/{area}`: page 1 of every area, `{ params: { area }, props }[]`. */
export async function locationAreaPaths() {
  return splitFirstPages(await locationAreaPages()).first;
}

/** Static paths of `/about/locations/{area}/{page}`: pages 2..n of the areas with more than LOCATION_PAGE_SIZE branches. */
export async function locationAreaMorePaths() {
  return splitFirstPages(await locationAreaPages()).more;
}

/** The first area's page (where `/about/locations` leads), or the contact page when there is no area. */
export async function locationsLandingPath(): Promise<string> {
  const [first] = inListOrder(
    'locationCategories',
    (await getCollection('locationCategories')).map((entry) => entry.data),
  );
  return first ? locationsPath(first.id) : '/contact';
}
