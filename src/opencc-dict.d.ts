/**
 * OpenCC's dictionaries as opencc-js ships them (`opencc-js/dict/<name>`, no types of their own): each module's
 * default export is the dictionary as one string of `from to` pairs separated by `|` (used by
 * src/integrations/search-lexicon.ts to cut the simplified → traditional tables down to the site's text).
 */
declare module 'opencc-js/dict/*' {
  const dictionary: string;
  export default dictionary;
}
