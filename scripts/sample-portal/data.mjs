/**
 * Assembles the sample portal's dataset: the list each endpoint answers, and the registry of the
 * images and documents those lists point at (so the server can render exactly the files it refers to).
 */
import { generateScaled } from './generate.mjs';
import { hostileLists } from './content/hostile.mjs';
import { HOSTILE_UPLOADS } from './content/hostile-uploads.mjs';
import { ARTICLE_SECTIONS, PORTAL_LIST_ENTRIES, taipeiToday } from './site-rules.mjs';

/**
 * Every list of the list registry (src/site/lists.ts PORTAL_LIST_ENTRIES), in its order: the content module an
 * entry names (`sample`: `content/{sample}.mjs`) exports the list under the list's name, or, for a list whose items
 * are dated from the day (coupons), a function `{name}On(today)` of the Taipei day (YYYY-MM-DD) that returns it.
 * A list added to the registry thus needs only its content module here.
 * @throws {Error} naming the module when it lacks the list.
 */
const SAMPLE_LISTS = Object.fromEntries(
  await Promise.all(
    Object.entries(PORTAL_LIST_ENTRIES).map(async ([name, { sample }]) => {
      const module = `./content/${sample}.mjs`;
      const content = await import(module);
      const list = content[name] ?? content[`${name}On`];
      if (!Array.isArray(list) && typeof list !== 'function') {
        throw new Error(`Sample portal: ${module} exports no list "${name}" (nor a function "${name}On" of the day).`);
      }
      return [name, list];
    }),
  ),
);

/** Extra corpora that can be mixed into the lists (README "Hostile corpus"). */
export const CORPORA = Object.freeze(['none', 'hostile']);

/**
 * Items per category the lean sample keeps of the two long lists (buildDataset `lean`): news per `categoryId`, FAQ
 * items per `firstCategory`, the first in the list's own order (news newest first).
 */
export const LEAN_ITEMS_PER_CATEGORY = 6;

/** The first LEAN_ITEMS_PER_CATEGORY items of `items` per value of `field`, in their order. */
function firstPerCategory(items, field) {
  const seen = new Map();
  return items.filter((item) => {
    const count = seen.get(item[field]) ?? 0;
    seen.set(item[field], count + 1);
    return count < LEAN_ITEMS_PER_CATEGORY;
  });
}

/**
 * The lean sample's news: the first LEAN_ITEMS_PER_CATEGORY of each category, and every item that the other lists or
 * the kept items link (`/news/detail/<id>`, a home banner's link), so that the lean site has no broken link.
 */
function leanNews(lists) {
  const kept = new Set(firstPerCategory(lists.news, 'categoryId'));
  const others = JSON.stringify(Object.entries(lists).filter(([name]) => name !== 'news'));
  for (let added = true; added; ) {
    const linked = new Set([...`${others}${JSON.stringify([...kept])}`.matchAll(/\/news\/detail\/(\w+)/g)].map(([, id]) => id));
    const more = lists.news.filter((item) => !kept.has(item) && linked.has(String(item.id)));
    for (const item of more) kept.add(item);
    added = more.length > 0;
  }
  return lists.news.filter((item) => kept.has(item));
}

/** Newest first by `date` (stable for equal dates). */
const byDateDesc = (a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0);

/**
 * Build the dataset.
 * @param {{ scale?: number, lean?: boolean, corpus?: 'none' | 'hostile', edit?: (lists: Record<string, object[]>) => void, today?: string }} [options]
 *   `today` (YYYY-MM-DD, default the Taipei day) dates the lists made from the day (coupons).  `scale` > 0 adds about that many generated
 *   items to news, events, winners, shares, coupons, downloads, FAQ and locations (see generate.mjs); the merged
 *   dated lists are sorted newest first. `lean` keeps LEAN_ITEMS_PER_CATEGORY news and FAQ items per category, and the
 *   news items other items link (about a quarter of the news and FAQ, every other list whole, so every kind of page
 *   and every category is still built, and no link breaks):
 *   for whole-build tests of mechanics that do not depend on the content's size (tests/build/cdn-hosts.test.ts,
 *   omit-dev.test.ts, soak.test.ts), whose builds then render, index and compress about a
 *   third fewer pages.
 *   `corpus: 'hostile'` appends the hostile items of content/hostile.mjs to their lists.
 * @throws {Error} on an unknown corpus.
 * @returns {{ lists: Record<string, object[]>, images: Map<string, object>, files: Map<string, object>,
 *   uploads: ReadonlyMap<string, { headers: Record<string, string>, body: string }> }}
 *   `lists` is keyed by endpoint name (ENDPOINTS keys) for every list endpoint; `images` and `files`
 *   map a relative asset path (`images/coupon/3.png`, `files/download/12.pdf`) to what to render; `uploads` holds
 *   the hostile corpus's files, served as they are (content/hostile-uploads.mjs; empty otherwise).
 */
export function buildDataset({ scale = 0, lean = false, corpus = 'none', edit, today = taipeiToday() } = {}) {
  if (!CORPORA.includes(corpus)) throw new Error(`corpus must be one of ${CORPORA.join(', ')}, got "${corpus}"`);
  const lists = Object.fromEntries(Object.entries(SAMPLE_LISTS).map(([name, list]) => [name, typeof list === 'function' ? list(today) : list]));
  if (lean) {
    lists.news = leanNews(lists);
    lists.faqs = firstPerCategory(lists.faqs, 'firstCategory');
  }
  if (scale > 0) {
    const extra = generateScaled(scale);
    // Dated lists newest first; downloads, FAQ and locations keep their order (the site sorts them itself).
    for (const name of Object.keys(extra)) {
      const merged = [...lists[name], ...extra[name]];
      lists[name] = merged.every((item) => typeof item.date === 'string') ? merged.sort(byDateDesc) : merged;
    }
  }
  if (corpus === 'hostile') {
    for (const [name, items] of Object.entries(hostileLists())) lists[name] = [...lists[name], ...items];
  }
  if (edit) {
    for (const name of Object.keys(lists)) lists[name] = lists[name].map((item) => structuredClone(item));
    edit(lists);
  }
  // Lists are shared between requests: freeze them so a handler cannot change the dataset by mistake.
  for (const name of Object.keys(lists)) lists[name] = Object.freeze(lists[name].map((item) => structuredClone(item)));
  const uploads = corpus === 'hostile' ? HOSTILE_UPLOADS : new Map();
  return { lists, images: imageRegistry(lists), files: fileRegistry(lists), uploads };
}

/** Category name by id, per list, for the label printed on covers. */
function labels(categories) {
  return new Map(categories.map((c) => [String(c.id), c.name]));
}

function imageRegistry(lists) {
  const images = new Map();
  const add = (path, entry) => {
    if (typeof path === 'string' && path.startsWith('images/')) images.set(path, { ...entry, key: path });
  };
  // The article sections' covers are drawn with the section's path as their kind (`news`, `event`, …).
  const covers = [
    ...Object.values(ARTICLE_SECTIONS).map(({ list, path, categories }) => [list, path, labels(lists[categories])]),
    ['videos', 'video', new Map()],
  ];
  for (const [list, kind, names] of covers) {
    for (const item of lists[list]) add(item.image, { kind, title: item.title, label: names.get(String(item.categoryId)) });
  }
  for (const item of lists.coupons) {
    const period = item.startDate && item.endDate ? `${item.startDate.replaceAll('-', '/')} – ${item.endDate.replaceAll('-', '/')}` : '';
    add(item.image, { kind: 'coupon', title: item.title, subtitle: period });
  }
  for (const item of lists.homeBanners) {
    add(item.image, { kind: 'banner', title: item.title, subtitle: item.description });
    add(item.mobileImage, { kind: 'banner', title: item.title, subtitle: item.description, mobile: true });
  }
  return images;
}

function fileRegistry(lists) {
  const files = new Map();
  for (const item of lists.downloads) {
    for (const file of item.files) files.set(file.fileUrl, { title: file.title, reference: `DL-${file.id}` });
  }
  for (const item of lists.publicDisclosures) {
    if (item.fileUrl) files.set(item.fileUrl, { title: item.title, reference: `PD-${item.id}` });
  }
  return files;
}
