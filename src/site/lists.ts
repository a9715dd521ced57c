/**
 * The list registry: every portal list of REFERENCE.md "Portal API" declared once, as plain data. The paged sections of 最新消息 (news,
 * events, winners, shares, coupons, videos) are entries of the section registry (src/site/sections.ts: a section
 * declares its item list and, for an article section, its category list, with their endpoints); every other list is
 * an entry of LISTS below. PORTAL_LIST_ENTRIES joins the two, one normalised entry per list, and everything else
 * derives from it:
 * - the endpoint catalogue's list endpoints (src/portal/endpoints.ts ENDPOINTS: method, path, query, summary);
 * - the collections and their schemas (src/portal/lists.ts PORTAL_LISTS: `schema` names a key of src/portal/schemas.ts
 *   SCHEMAS) and the display orders (LIST_ORDERS, the comparators of src/lib/order.ts);
 * - the image fields and their slots (src/integrations/images/discovery.ts IMAGE_FIELDS; a section's by its template);
 * - the references between lists (src/portal/validation.ts REFERENCES: an item whose field names no item of the
 *   target list is warned about);
 * - the landing page, its label and its menu place (`page`: src/site/navigation.ts links a list by its name with
 *   listLink, and appends a list whose `page.menu` names a group the group does not name);
 * - the sample portal's lists (scripts/sample-portal/data.mjs imports `content/{sample}.mjs` and serves its export
 *   named after the list) and the least number of items its sample must hold (tests/unit/sample-portal.test.ts).
 * A new list is one entry here (or in SECTIONS), its schema in src/portal/schemas.ts, its sample content module and
 * its pages (.github/CONTRIBUTING.md "Adding a portal list"); tests/unit/lists.test.ts fails on an endpoint path,
 * order or menu link of a list written anywhere else.
 *
 * Ground floor (src/site/): plain data and no imports but other site modules, so that the menu, the portal boundary,
 * the browser's endpoint calls and the sample portal can all read it.
 */
import type { ImageSlotName } from './images.ts';
import { type ARTICLE_SECTIONS, SECTIONS, type ArticleSectionKey, type ListOrder, type SectionName } from './sections.ts';

/** The landing page of a list: where its menu links lead. */
export interface ListPage {
  /** Site path of the landing page (`/faq`): a redirect to the first page where the list has several. */
  path: string;
  /** Label of its links: menus, side navigation, breadcrumbs. */
  label: string;
  /** Title of the main-menu group (src/site/navigation.ts MAIN_MENU) that links to it; absent: none. */
  menu?: string;
}

/** A field of a list's items holding a portal image, and where pages show it (src/integrations/images.ts). */
export interface ListImage {
  field: string;
  /** The slots it fills (src/site/images.ts IMAGE_SLOTS). */
  slots: readonly ImageSlotName[];
  /** Whether it is the page's share image (og:image) too. */
  share: boolean;
}

/** The image fields of a section's items, by template: article cards and covers, coupon art; videos show none. */
const TEMPLATE_IMAGES: Record<'article' | 'coupon' | 'video', readonly ListImage[]> = {
  article: [{ field: 'image', slots: ['card', 'cover'], share: true }],
  coupon: [{ field: 'image', slots: ['coupon', 'couponDetail'], share: true }],
  video: [],
};

/** One list that is not a section's. */
export interface ListEntry {
  /** Path under the portal base, starting with `/api/` (the portal's spelling). */
  endpoint: string;
  /** HTTP method; GET when absent. */
  method?: 'POST';
  /** Query parameters the site sends by default. */
  query?: Readonly<Record<string, string>>;
  /** What the endpoint returns, for messages and documentation (English, the label in parentheses). */
  summary: string;
  /** Key of its item schema in src/portal/schemas.ts SCHEMAS. */
  schema: string;
  /** Display order of its items (ListOrder, src/lib/order.ts). */
  order: ListOrder;
  /** A field of its items naming an item of another list (warned when it matches nothing). */
  references?: { field: string; target: string };
  /** The fields of its items holding images the pages show; none when absent. */
  images?: readonly ListImage[];
  /** Its landing page, label and menu place; absent when it has none of its own. */
  page?: ListPage;
  /** The sample portal's content module (`scripts/sample-portal/content/{sample}.mjs`) exporting the list by name. */
  sample: string;
  /** The least number of items the sample content holds. */
  least: number;
}

/** The lists that are no section's, in collection order. */
export const LISTS = {
  faqCategories: {
    endpoint: '/api/PortalCommonProblem/GetCommonProblemCategory',
    summary: 'FAQ categories',
    schema: 'faqCategory',
    order: 'sortThenId',
    sample: 'faqs',
    least: 12,
  },
  faqs: {
    endpoint: '/api/PortalCommonProblem/GetPutOnCommonProblem',
    summary: 'FAQ items (常見問題)',
    schema: 'faq',
    order: 'secondCategorySortThenId',
    references: { field: 'firstCategory', target: 'faqCategories' },
    page: { path: '/faq', label: '常見問題', menu: '客戶關懷' },
    sample: 'faqs',
    least: 250,
  },
  locationCategories: {
    endpoint: '/api/PortalServiceBase/GetServiceBaseCategory',
    summary: 'location areas',
    schema: 'category',
    order: 'sortThenId',
    sample: 'locations',
    least: 4,
  },
  locations: {
    endpoint: '/api/PortalServiceBase/GetPutOnServiceBase',
    summary: 'service locations (服務據點)',
    schema: 'location',
    order: 'naturalId',
    references: { field: 'areaId', target: 'locationCategories' },
    page: { path: '/about/locations', label: '服務據點', menu: '認識我們' },
    sample: 'locations',
    least: 12,
  },
  publicDisclosureCategories: {
    endpoint: '/api/PortalPublicInfo/GetPublicInfoCategory',
    summary: 'public disclosure categories',
    schema: 'publicDisclosureCategory',
    order: 'sortThenId',
    sample: 'public-disclosures',
    least: 4,
  },
  publicDisclosures: {
    endpoint: '/api/PortalPublicInfo/GetPutOnPublicInfo',
    summary: 'public disclosures (公開資訊)',
    schema: 'publicDisclosure',
    order: 'sortThenId',
    references: { field: 'category', target: 'publicDisclosureCategories' },
    page: { path: '/about/public', label: '公開資訊', menu: '公司治理' },
    sample: 'public-disclosures',
    least: 12,
  },
  downloadCategories: {
    endpoint: '/api/PortalDocumentDownload/GetDocumentDownloadCategory',
    summary: 'download categories',
    schema: 'category',
    order: 'sortThenId',
    sample: 'downloads',
    least: 4,
  },
  downloads: {
    endpoint: '/api/PortalDocumentDownload/GetPutOnDocumentDownload',
    summary: 'downloads (文件下載)',
    schema: 'download',
    order: 'sortThenId',
    references: { field: 'category', target: 'downloadCategories' },
    page: { path: '/download', label: '文件下載', menu: '理賠服務' },
    sample: 'downloads',
    least: 8,
  },
  decrees: {
    endpoint: '/api/PortalDecree/GetPutOnDecree',
    // The spec says "with query parameter" without naming it; the portal filters decrees by language.
    query: { lang: 'zh-TW' },
    summary: 'decrees (法令規章)',
    schema: 'decree',
    order: 'sortThenId',
    page: { path: '/about/decree', label: '法令規章', menu: '公司治理' },
    sample: 'decrees',
    least: 6,
  },
  staff: {
    endpoint: '/api/PortalQualityServiceStaff/GetPutOnQualityServiceStaff',
    summary: 'quality service staff list',
    schema: 'staff',
    order: 'naturalId',
    sample: 'staff',
    least: 12,
  },
  homeBanners: {
    endpoint: '/api/portalHomeSlider/getPutOnHomeSlider',
    summary: 'home banners',
    schema: 'homeBanner',
    order: 'sortThenId',
    images: [
      { field: 'image', slots: ['banner'], share: false },
      { field: 'mobileImage', slots: ['bannerMobile'], share: false },
    ],
    sample: 'home-banners',
    least: 4,
  },
  contractChanges: {
    endpoint: '/api/common/getContractChangeInsuranceList',
    method: 'POST',
    summary: 'contract-change insurance list (保單變更)',
    schema: 'contractChange',
    order: 'sortThenId',
    sample: 'contract-changes',
    least: 4,
  },
} as const satisfies Record<string, ListEntry>;

type Sections = typeof SECTIONS;
type ArticleSections = typeof ARTICLE_SECTIONS;

/** The item list of each section. */
export type SectionListName = Sections[SectionName]['list'];
/** The category list of each article section. */
export type CategoryListName = ArticleSections[ArticleSectionKey]['categories'];
/** The name of a portal list: an endpoint catalogue key and a content collection name. */
export type PortalListName = SectionListName | CategoryListName | keyof typeof LISTS;

/** The schema key (src/portal/schemas.ts SCHEMAS) of each list: a section's template, `category`, or LISTS'. */
export type SchemaKeyOf<N extends PortalListName> = N extends keyof typeof LISTS
  ? (typeof LISTS)[N]['schema']
  : N extends CategoryListName
    ? 'category'
    : { [K in SectionName]: Sections[K]['list'] extends N ? Sections[K]['template'] : never }[SectionName];

/** A list's entry of the registry, normalised (a section's lists take their fields from the section). */
export type PortalListEntry = ListEntry;

// Computed by a function marked free of side effects, so that a bundle using one constant of this module (the
// browser's endpoint calls) drops the registry.
const entriesOf = /* @__NO_SIDE_EFFECTS__ */ (): Record<PortalListName, PortalListEntry> => {
  const entries: [string, PortalListEntry][] = Object.values(SECTIONS).flatMap((section) => {
    const items: [string, PortalListEntry] = [
      section.list,
      {
        endpoint: section.endpoint,
        summary: `${section.list} (${section.title})`,
        schema: section.template,
        order: section.order,
        ...(section.template === 'article' ? { references: { field: 'categoryId', target: section.categories } } : {}),
        images: TEMPLATE_IMAGES[section.template],
        page: { path: `/${section.path}`, label: section.title, menu: section.menuGroup },
        sample: section.list,
        least: section.least,
      },
    ];
    if (section.template !== 'article') return [items];
    const categories: [string, PortalListEntry] = [
      section.categories,
      {
        endpoint: section.categoriesEndpoint,
        summary: `${section.path} categories`,
        schema: 'category',
        order: 'sortThenId',
        sample: section.list,
        least: section.leastCategories,
      },
    ];
    return [categories, items];
  });
  return Object.fromEntries([...entries, ...Object.entries(LISTS)]) as Record<PortalListName, PortalListEntry>;
};

/** Every portal list's entry by name, in collection order: the sections' lists (categories first), then LISTS. */
export const PORTAL_LIST_ENTRIES = entriesOf();

/** The list names, in collection order. */
export const PORTAL_LIST_NAMES = Object.keys(PORTAL_LIST_ENTRIES) as PortalListName[];

/**
 * A link to a list's landing page, `{ label, href }` from its entry's `page`.
 * @throws Error naming the list when it has no page
 */
export const listLink = /* @__NO_SIDE_EFFECTS__ */ (name: keyof typeof LISTS): { label: string; href: string } => {
  const page = (LISTS[name] as ListEntry).page;
  if (!page) throw new Error(`List "${name}" has no page to link to (src/site/lists.ts).`);
  return { label: page.label, href: page.path };
};

/**
 * The links of a main-menu group: `links` as given, each list name replaced by listLink of it, then the lists of
 * LISTS whose `page.menu` is `group` and that `links` does not name, in registry order.
 */
export const menuGroupLinks = /* @__NO_SIDE_EFFECTS__ */ <L extends { label: string; href: string }>(
  group: string,
  links: readonly (L | keyof typeof LISTS)[],
): (L | { label: string; href: string })[] => {
  const named = new Set(links.filter((link): link is keyof typeof LISTS => typeof link === 'string'));
  const declared = (Object.entries(LISTS) as [keyof typeof LISTS, ListEntry][])
    .filter(([name, entry]) => entry.page?.menu === group && !named.has(name))
    .map(([name]) => name);
  return [...links, ...declared].map((link) => (typeof link === 'string' ? listLink(link) : link));
};
