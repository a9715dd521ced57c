/**
 * Discovery, the first step of the build's image step (src/integrations/images.ts): which portal images the pages
 * show, where (the lists and fields of IMAGE_FIELDS, the slots of src/site/images.ts) and in what order they are made
 * (banners first, then newest first).
 * In: the staged list records. Out: one ImageUse per image path. Raises nothing.
 */
import type { ListRecord } from '../../portal/snapshots';
import { PORTAL_LIST_ENTRIES } from '../../site/lists';
import type { ImageSlotName } from '../../site/images';

/** Where one portal list shows images: the item field and the slots it fills (src/site/images.ts). */
interface ImageField {
  list: string;
  field: string;
  slots: ImageSlotName[];
  /** Whether the image is the page's share image (og:image) too. */
  share: boolean;
}

/** The lists and fields whose images pages show, as the list registry declares (src/site/lists.ts `images`). */
export const IMAGE_FIELDS: readonly ImageField[] = Object.entries(PORTAL_LIST_ENTRIES).flatMap(([list, entry]) =>
  (entry.images ?? []).map((image) => ({ list, ...image, slots: [...image.slots] })),
);

/** One image the pages show: its path, the slots it fills and the first item that shows it. */
export interface ImageUse {
  /** The path under the image base, as the schema checked it (`images/news/1.jpg`). */
  path: string;
  slots: ImageSlotName[];
  share: boolean;
  list: string;
  itemId: string;
  field: string;
  /** The item's date (ISO), for the order: newest first; undefined for banners, which come first (home's LCP). */
  date?: string;
}

/**
 * The images of this build's lists, each once, in the order they are made: banners first (the home page's largest
 * paint), then by the item's date, newest first.
 * @param records the staged list records (src/portal/snapshots.ts readStagedLists)
 */
export function imageUses(records: readonly Pick<ListRecord, 'list' | 'entries'>[]): ImageUse[] {
  const byPath = new Map<string, ImageUse>();
  for (const { list, field, slots, share } of IMAGE_FIELDS) {
    const record = records.find((candidate) => candidate.list === list);
    for (const entry of record?.entries ?? []) {
      const data = entry.data as Record<string, unknown>;
      const path = data[field];
      if (typeof path !== 'string' || path === '') continue;
      const date = data.date instanceof Date ? data.date.toISOString() : typeof data.date === 'string' ? data.date : undefined;
      const known = byPath.get(path);
      if (known) {
        known.slots = [...new Set([...known.slots, ...slots])];
        known.share ||= share;
        if (date && (!known.date || date > known.date)) known.date = date;
      } else {
        byPath.set(path, { path, slots: [...slots], share, list, itemId: entry.id, field, date });
      }
    }
  }
  return [...byPath.values()].sort((a, b) =>
    a.date === b.date ? 0 : a.date === undefined ? -1 : b.date === undefined ? 1 : a.date < b.date ? 1 : -1,
  );
}
