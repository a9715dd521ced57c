/**
 * The portal lists (REFERENCE.md "Portal API") the build loads, derived from the list registry (src/site/lists.ts
 * PORTAL_LIST_ENTRIES, where each list is declared once): every list by its name in the endpoint catalogue
 * (src/portal/endpoints.ts) → the zod schema of its items (the entry's `schema`, a key of src/portal/schemas.ts
 * SCHEMAS), and its display order.
 *
 * src/content.config.ts makes one content collection of each entry, named as here and loaded through the portal
 * loader with this schema, so a page reads list `news` with `getCollection('news')`; the tests read the same pairs
 * (the sample portal's lists parse, the hostile corpus, the deploy gate's list of collections). The browser's own
 * calls (notifications, forms) are not lists: they are parsed without zod (e.g. src/lib/notifications.ts) and are
 * absent here.
 */
import type { EndpointName } from './endpoints';
import type { ListOrder } from '../site/sections';
import { PORTAL_LIST_ENTRIES, PORTAL_LIST_NAMES, type PortalListName, type SchemaKeyOf } from '../site/lists';
import { SCHEMAS } from './schemas';

export { PORTAL_LIST_NAMES, type PortalListName };

/** List name (endpoint catalogue key) → item schema; the order is the order of the collections. */
export const PORTAL_LISTS = Object.fromEntries(
  PORTAL_LIST_NAMES.map((name) => [name, SCHEMAS[PORTAL_LIST_ENTRIES[name].schema as keyof typeof SCHEMAS]]),
) as { [N in PortalListName]: (typeof SCHEMAS)[SchemaKeyOf<N>] };

// Every list of the registry is an endpoint of the catalogue and names a schema of SCHEMAS: a misspelt or missing
// name fails the type check here.
const listsAreEndpoints: [Exclude<PortalListName, EndpointName> | Exclude<SchemaKeyOf<PortalListName>, keyof typeof SCHEMAS>] extends [never]
  ? true
  : never = true;
void listsAreEndpoints;

/** The display order of each list (src/lib/order.ts ORDERS), as its registry entry declares. */
export const LIST_ORDERS = Object.fromEntries(PORTAL_LIST_NAMES.map((name) => [name, PORTAL_LIST_ENTRIES[name].order])) as Record<
  PortalListName,
  ListOrder
>;
