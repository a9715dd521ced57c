/**
 * Escaping text into HTML, for the pages the build writes itself (the redirect fallback pages of src/lib/host-config.ts,
 * the publish report of src/integrations/publish-report.ts). No imports: scripts load it under Node's own
 * TypeScript stripping.
 */

/** Escapes text for an HTML attribute (double-quoted) or text node: `&`, `"`, `<`, `>`. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
