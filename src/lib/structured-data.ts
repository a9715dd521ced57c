/**
 * schema.org structured data (JSON-LD) of the pages (for search engines and sharing), typed with schema-dts so
 * `astro check` (tsc) rejects a property the schema.org type does not have.
 *
 * - `insurerJsonLd(site)`: the insurer as an InsuranceAgency (name, url, logo, address, telephone, the four
 *   HOTLINES as contact points); on the home page.
 * - `breadcrumbJsonLd(trail, base)`: BreadcrumbList of a crumb trail (Breadcrumbs.astro).
 * - `faqPageJsonLd(items)`: FAQPage of the questions of a FAQ page (answers as text).
 * - `newsArticleJsonLd(article, pageUrl, imageUrl?)`: NewsArticle of a news detail page.
 * `serializeJsonLd(data)` turns one of them into the text of a `<script type="application/ld+json">`, with `<`
 * escaped as `\u003c` so portal text cannot close the script element.
 * URLs are absolute (`base` is Astro.site, else the page URL).
 */
import type { BreadcrumbList, FAQPage, InsuranceAgency, NewsArticle, Thing, WithContext } from 'schema-dts';
import { COMPANY, COMPANY_INFO, HOTLINES } from '../site/company';

/** Path of the logo file (public/logo.svg), also the publisher logo of articles. */
export const LOGO_PATH = '/logo.svg';

/** One crumb: `href` absent on the current page (its URL is then `currentPath`). */
export interface JsonLdCrumb {
  label: string;
  href?: string;
}

/** The insurer (COMPANY, COMPANY_INFO, HOTLINES) as a schema.org InsuranceAgency with absolute URLs on `site`. */
export function insurerJsonLd(site: URL): WithContext<InsuranceAgency> {
  return {
    '@context': 'https://schema.org',
    '@type': 'InsuranceAgency',
    '@id': new URL('/#organization', site).href,
    name: COMPANY.name,
    alternateName: [COMPANY.shortName, COMPANY.englishName],
    url: new URL('/', site).href,
    logo: new URL(LOGO_PATH, site).href,
    telephone: COMPANY_INFO.phone,
    faxNumber: COMPANY_INFO.fax,
    address: { '@type': 'PostalAddress', streetAddress: COMPANY_INFO.addr, addressCountry: 'TW' },
    contactPoint: HOTLINES.map((line) => ({
      '@type': 'ContactPoint',
      name: line.title,
      telephone: line.tel,
      contactType: line.text,
      areaServed: 'TW',
      availableLanguage: 'zh-Hant-TW',
    })),
  };
}

/** BreadcrumbList of `trail` (首頁 first); each position's `item` is the absolute URL of its link. */
export function breadcrumbJsonLd(trail: readonly JsonLdCrumb[], currentPath: string, base: URL): WithContext<BreadcrumbList> {
  const last = trail.length - 1;
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.label,
      ...(crumb.href || i === last ? { item: new URL(i === last ? currentPath : (crumb.href ?? currentPath), base).href } : {}),
    })),
  };
}

/** Plain text of sanitized portal HTML (tags dropped, entities of the sanitizer decoded, spaces collapsed). */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** FAQPage of `items` (question = title, answer = content HTML as text). */
export function faqPageJsonLd(items: readonly { title: string; content: string }[]): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.title,
      acceptedAnswer: { '@type': 'Answer', text: htmlToText(item.content) },
    })),
  };
}

/**
 * NewsArticle of a news item: headline, dates (ISO `YYYY-MM-DD`), description, image (absolute URL, when the item
 * has one, else the site's default OG image), publisher = the insurer.
 */
export function newsArticleJsonLd(
  article: { title: string; description: string; date: string },
  pageUrl: URL,
  imageUrl: string,
): WithContext<NewsArticle> {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.description || undefined,
    datePublished: article.date,
    dateModified: article.date,
    mainEntityOfPage: pageUrl.href,
    url: pageUrl.href,
    image: [imageUrl],
    inLanguage: 'zh-Hant-TW',
    author: { '@type': 'Organization', name: COMPANY.name, url: new URL('/', pageUrl).href },
    publisher: {
      '@type': 'Organization',
      '@id': new URL('/#organization', pageUrl).href,
      name: COMPANY.name,
      logo: { '@type': 'ImageObject', url: new URL(LOGO_PATH, pageUrl).href },
    },
  };
}

/** The text of a JSON-LD script element: JSON with every `<` escaped, so no `</script>` can appear in it. */
export function serializeJsonLd(data: WithContext<Thing> | readonly WithContext<Thing>[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
