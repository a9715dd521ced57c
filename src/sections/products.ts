/**
 * Insurance products (collection `products`, src/content/products): the menu's product ids, category lists and
 * related products of `/insurance/detail/{id}` and `/insurance/{category}`. The build fails when a product id of
 * the spec's menus has no Markdown file or its title differs from the 商品介紹 menu label.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { EXTERNAL } from '../site/company';
import { HOT_EXTERNAL_PRODUCTS, INSURANCE_CATEGORIES, MAIN_MENU, productPath, type InsuranceCategoryKey } from '../site/navigation';

export type Product = CollectionEntry<'products'>['data'];

/** `/insurance/detail/12` → 12; other links → undefined. */
function productIdOf(href: string): number | undefined {
  const match = /^\/insurance\/detail\/(\d+)$/.exec(href);
  return match ? Number(match[1]) : undefined;
}

/** The 商品介紹 menu item (REFERENCE.md "Main menu": "Product showcase"): the one whose groups are the insurance categories. */
const SHOWCASE = MAIN_MENU.find((item) => item.groups.some((group) => group.title === INSURANCE_CATEGORIES[0].label));

/** Product labels of the 商品介紹 mega-menu by id: the names the product pages must carry. */
export const MENU_PRODUCT_NAMES: ReadonlyMap<number, string> = new Map(
  (SHOWCASE?.groups ?? []).flatMap((group) =>
    group.links.flatMap((link) => {
      const id = productIdOf(link.href);
      return id === undefined ? [] : [[id, link.label] as const];
    }),
  ),
);

/** Every product id linked from any menu (網路投保 and 商品介紹). */
export const MENU_PRODUCT_IDS: readonly number[] = [
  ...new Set(
    MAIN_MENU.flatMap((item) => item.groups.flatMap((group) => group.links.map((link) => productIdOf(link.href)))).filter(
      (id): id is number => id !== undefined,
    ),
  ),
];

/**
 * The other names the menus give a product (so that a visitor who types the 網路投保 menu's 機車險 finds the page
 * titled 機車保險, since its page shows them): the labels of every menu link to the product's page that differ from
 * its title, in menu order, without repeats.
 * @param product a product of the collection
 * @returns e.g. ['機車險'] for 機車保險; [] when every menu calls it by its title
 */
export function productShortNames(product: Product): string[] {
  const href = productPath(product.id);
  const labels = MAIN_MENU.flatMap((item) =>
    item.groups.flatMap((group) => group.links.filter((link) => link.href === href).map((link) => link.label)),
  );
  return [...new Set(labels)].filter((label) => label !== product.title);
}

/** All products, by category then `sort`; throws when a menu product is missing or misnamed. */
export async function getProducts(): Promise<Product[]> {
  const products = (await getCollection('products')).map((entry) => entry.data);
  const byId = new Map(products.map((product) => [product.id, product]));
  for (const id of MENU_PRODUCT_IDS) {
    const product = byId.get(id);
    if (!product) throw new Error(`products: the menus link product ${id}, but src/content/products has no file with id: ${id}`);
    const name = MENU_PRODUCT_NAMES.get(id);
    if (name && name !== product.title) {
      throw new Error(`products: product ${id} is titled "${product.title}" but the 商品介紹 menu calls it "${name}"`);
    }
  }
  const order = (key: InsuranceCategoryKey) => INSURANCE_CATEGORIES.findIndex((category) => category.key === key);
  return products.sort((a, b) => order(a.category) - order(b.category) || a.sort - b.sort || a.id - b.id);
}

/** The 立即投保 URL of a product, or undefined when it is not sold online. */
export const quoteUrl = (product: Product): string | undefined => (product.quote ? EXTERNAL[product.quote] : undefined);

/** The category record (label, intro) of a key. */
export function categoryOf(key: InsuranceCategoryKey): (typeof INSURANCE_CATEGORIES)[number] {
  const category = INSURANCE_CATEGORIES.find((item) => item.key === key);
  if (!category) throw new Error(`unknown insurance category ${key}`);
  return category;
}

/** `/insurance/personal`. */
export const categoryPath = (key: InsuranceCategoryKey): string => `/insurance/${key}`;

/** A card of a category list: an in-repo product or one of the menu's external hot products. */
export type ProductCardItem =
  | { kind: 'product'; product: Product }
  | { kind: 'external'; title: string; href: string; description: string; highlights: readonly string[] };

/**
 * The cards of `/insurance/{category}`. 熱門商品 lists the menu's external hot products first (their
 * card texts from HOT_EXTERNAL_PRODUCTS), then the products flagged `hot` and those of category `hot`.
 */
export function categoryItems(key: InsuranceCategoryKey, products: readonly Product[]): ProductCardItem[] {
  const own = products
    .filter((product) => product.category === key || (key === 'hot' && product.hot))
    .map((product): ProductCardItem => ({ kind: 'product', product }));
  if (key !== 'hot') return own;
  const hotGroup = SHOWCASE?.groups.find((group) => group.title === categoryOf('hot').label);
  const external = (hotGroup?.links ?? []).map(
    (link): ProductCardItem => ({
      kind: 'external',
      title: link.label,
      href: link.href,
      description: HOT_EXTERNAL_PRODUCTS[link.label]?.description ?? link.description ?? '',
      highlights: HOT_EXTERNAL_PRODUCTS[link.label]?.highlights ?? [],
    }),
  );
  return [...external, ...own];
}

/** Up to `count` other products: same category first, then the hot ones, then the rest. */
export function relatedProducts(product: Product, products: readonly Product[], count = 3): Product[] {
  const others = products.filter((other) => other.id !== product.id);
  const rank = (other: Product) => (other.category === product.category ? 0 : other.hot ? 1 : 2);
  return [...others].sort((a, b) => rank(a) - rank(b)).slice(0, count);
}

export { productPath };
