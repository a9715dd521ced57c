/**
 * One page of every template of the site (REFERENCE.md "Routes"), from the sample portal's data: the pages the accessibility checks
 * (a11y.spec.ts) and the keyboard walk (focus.spec.ts) visit. In: nothing. Out: `[name, path]` pairs, the path as a
 * visitor types it (query included where the template needs one).
 */
export const TEMPLATES: readonly (readonly [name: string, path: string])[] = [
  ['home', '/'],
  ['article list (news)', '/news/all/1'],
  ['article detail (news)', '/news/detail/1'],
  ['event list', '/event/all/1'],
  ['winner detail', '/winner/detail/1'],
  ['share detail', '/share/detail/10'],
  ['coupon list', '/coupon/1'],
  ['coupon detail', '/coupon/detail/1'],
  ['video list', '/video/1'],
  ['FAQ category', '/faq/1'],
  ['FAQ service overview', '/faq/service'],
  ['download', '/download/1/1/1'],
  ['locations', '/about/locations/1'],
  ['decree', '/about/decree/1'],
  ['public disclosures', '/about/public'],
  ['public disclosure category', '/about/public/basic'],
  ['stewardship', '/about/public/stewardship'],
  ['customer fair', '/customer-fair'],
  ['insurance category', '/insurance/personal'],
  ['insurance product', '/insurance/detail/1'],
  ['about page', '/about/profile'],
  ['legal page', '/legal'],
  ['contact', '/contact'],
  ['service', '/service'],
  ['contract change', '/change'],
  ['event page', '/event_page/20220503?timestamp=1651557900'],
  ['search results with hits', `/search?q=${encodeURIComponent('理賠')}`],
  ['search results without hits', '/search?q=xyzzyqwv'],
  ['404', '/no-such-page'],
  ['500', '/500'],
  ['網站導覽', '/sitemap'],
];
