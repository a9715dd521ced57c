/**
 * The whole destination of an external link (REFERENCE.md "Constants"): src/browser/external-link.ts asciiDestinationOf with the
 * Unicode form of a punycode host (src/browser/punycode.ts). A module of its own so that the page's script, which
 * shows the ASCII part at once and loads the decoder only for such a host, does not bundle the decoder.
 */
import { asciiDestinationOf, type Destination } from './external-link';
import { unicodeHost } from './punycode';

/**
 * The real destination of a link, for the external-link confirmation (REFERENCE.md "Constants"). A URL may put anything before an
 * `@` (`https://www.hotains.com.tw@evil.example/` goes to evil.example): the confirmation names the host the browser
 * will reach, never what stands before the `@`, and that user/password part is dropped from the URL that is followed
 * (not refused: the host is the one the visitor is told of, and no site needs a password in a link).
 * @param href an absolute URL (linkHref's result)
 * @returns the destination, with `unicodeHost` when the host has punycode labels, or undefined when `href` does not
 *   parse
 */
export function destinationOf(href: string): Destination | undefined {
  const destination = asciiDestinationOf(href);
  const unicode = destination && unicodeHost(destination.host);
  return destination && unicode ? { ...destination, unicodeHost: unicode } : destination;
}
