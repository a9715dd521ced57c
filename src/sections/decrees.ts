/**
 * Decrees (法令規章, REFERENCE.md "Routes" `/about/decree/{id}`; REFERENCE.md "Portal data": "Decree: id (treated as string)"): the menu order and the
 * static paths and props of the decree pages.
 */
import { getCollection } from 'astro:content';
import type { z } from 'astro/zod';
import type { decreeSchema } from '../portal/schemas';
import { inListOrder } from '../lib/order';

/** A decree as parsed by the portal schema. */
export type Decree = z.output<typeof decreeSchema>;

/**
 * `/about/decree/{id}` with the id percent-encoded as one path segment (ids are strings and may hold spaces or
 * CJK characters).
 */
export const decreePath = (id: string): string => `/about/decree/${encodeURIComponent(id)}`;

/** A link of the decree side list. */
export interface DecreeLink {
  label: string;
  href: string;
  current: boolean;
}

export interface DecreePageProps {
  decree: Decree;
  /** All decrees in menu order (sort, then natural id order), the current one marked. */
  links: DecreeLink[];
}

/**
 * Static paths of `/about/decree/{id}`: one per decree, `{ params: { id }, props }[]`. The param is the raw id;
 * Astro writes it as the directory name and links use decreePath. An id holding `/` cannot be one path segment
 * and fails the build with a message.
 */
export async function decreePaths() {
  const decrees = inListOrder(
    'decrees',
    (await getCollection('decrees')).map((entry) => entry.data),
  );
  const bad = decrees.find((decree) => decree.id.includes('/'));
  if (bad) throw new Error(`Decree id "${bad.id}" contains "/" and cannot be a URL segment of /about/decree/{id}.`);
  return decrees.map((decree) => {
    const props: DecreePageProps = {
      decree,
      links: decrees.map((other) => ({ label: other.title, href: decreePath(other.id), current: other.id === decree.id })),
    };
    return { params: { id: decree.id }, props };
  });
}
