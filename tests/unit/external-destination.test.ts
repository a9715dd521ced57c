/**
 * The external-link confirmation's destination (REFERENCE.md "Constants"; src/browser/external-destination.ts destinationOf and
 * src/browser/punycode.ts): the host the browser will reach, never a user/password part, which is also dropped from
 * the URL followed; punycode hosts with their Unicode form (checked against Node's own IDNA conversion).
 */
import { domainToASCII, domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { destinationOf } from '../../src/browser/external-destination';
import { decodePunycode, unicodeHost } from '../../src/browser/punycode';
import { EXTERNAL_URL_SHOWN_MAX_CHARS } from '../../src/site/limits';

describe('destinationOf', () => {
  it('names the host after the @, not the company host written before it, and drops that part', () => {
    const destination = destinationOf('https://www.hotains.com.tw@evil.example/claim?x=1#top');
    expect(destination).toEqual({
      host: 'evil.example',
      href: 'https://evil.example/claim?x=1#top',
      shownUrl: 'https://evil.example/claim?x=1#top',
    });
  });

  it.each([
    ['https://user:secret@evil.example/', 'evil.example', 'https://evil.example/'],
    ['https://www.hotains.com.tw:443@evil.example:8443/a', 'evil.example', 'https://evil.example:8443/a'],
    ['https://a@b@evil.example/', 'evil.example', 'https://evil.example/'],
    ['https://www.hotains.com.tw%40evil.example@real.example/', 'real.example', 'https://real.example/'],
    ['https://EVIL.Example./Path', 'evil.example.', 'https://evil.example./Path'],
    ['http://[::1]:8080/x', '[::1]', 'http://[::1]:8080/x'],
    ['https://0x7f.1/', '127.0.0.1', 'https://127.0.0.1/'],
  ])('%s → host %s, followed as %s', (href, host, followed) => {
    const destination = destinationOf(href)!;
    expect(destination.host).toBe(host);
    expect(destination.href).toBe(followed);
    expect(destination.shownUrl).not.toContain('@');
    expect(destination.unicodeHost).toBeUndefined();
  });

  it('shows an internationalized host as the browser reaches it (punycode) with its Unicode form', () => {
    expect(destinationOf('https://例子.測試/路徑')).toEqual({
      host: 'xn--fsqu00a.xn--g6w251d',
      unicodeHost: '例子.測試',
      href: 'https://xn--fsqu00a.xn--g6w251d/%E8%B7%AF%E5%BE%91',
      shownUrl: 'https://xn--fsqu00a.xn--g6w251d/路徑',
    });
    // A Cyrillic look-alike of an ASCII name is told apart by its punycode.
    const lookalike = destinationOf('https://www.hotаins.com.tw/')!; // Cyrillic а
    expect(lookalike.host).toMatch(/^www\.xn--/);
    expect(lookalike.unicodeHost).toBe('www.hotаins.com.tw');
  });

  it(`cuts the shown link at ${EXTERNAL_URL_SHOWN_MAX_CHARS} characters; the followed one is whole`, () => {
    const long = `https://evil.example/${'a'.repeat(5_000)}`;
    const destination = destinationOf(long)!;
    expect([...destination.shownUrl]).toHaveLength(EXTERNAL_URL_SHOWN_MAX_CHARS);
    expect(destination.shownUrl.endsWith('…')).toBe(true);
    expect(destination.href).toBe(long);
  });

  it('shows the path decoded, except what could reorder or hide text, and reserved characters', () => {
    expect(destinationOf('https://evil.example/活動/優惠?q=颱風#說明')!.shownUrl).toBe('https://evil.example/活動/優惠?q=颱風#說明');
    // U+202E (right-to-left override) would show `…/fdp.exe` as `…/exe.pdf`: the whole link stays encoded.
    const bidi = destinationOf('https://evil.example/\u202efdp.exe')!;
    expect(bidi.shownUrl).toBe('https://evil.example/%E2%80%AEfdp.exe');
    expect(destinationOf('https://evil.example/a%2Fb%3F')!.shownUrl).toBe('https://evil.example/a%2Fb%3F');
    expect(destinationOf('https://evil.example/%E0%A4%A')!.shownUrl, 'not UTF-8: as serialized').toBe('https://evil.example/%E0%A4%A');
  });

  it('is undefined for what does not parse', () => {
    expect(destinationOf('not a url')).toBeUndefined();
    expect(destinationOf('https://')).toBeUndefined();
  });
});

describe('punycode', () => {
  const names = ['例子.測試', 'münchen.de', 'bücher.example', 'аррӏе.com', 'ドメイン名例.jp', 'ελληνικά.gr', '😀.example'];
  it.each(names.map((name) => [name, domainToASCII(name)]).filter(([, ascii]) => ascii !== ''))(
    '%s: its punycode %s decodes as Node does',
    (_, ascii) => {
      const expected = domainToUnicode(ascii);
      expect(unicodeHost(ascii) ?? ascii).toBe(expected);
    },
  );

  it('leaves ASCII hosts, IP addresses and invalid punycode alone', () => {
    expect(unicodeHost('evil.example')).toBeUndefined();
    expect(unicodeHost('127.0.0.1')).toBeUndefined();
    expect(unicodeHost('xn--.example')).toBeUndefined();
    expect(unicodeHost('xn--a.example'), 'decodes to a control character (U+0080)').toBeUndefined();
    expect(unicodeHost('xn--abc-.example'), 'decodes to ASCII only').toBeUndefined();
    expect(unicodeHost('xn--99999999999999.example')).toBeUndefined();
    expect(decodePunycode('a!b')).toBeUndefined();
    expect(decodePunycode('zzzzzzzzzzzzzzzzzz')).toBeUndefined();
  });

  it('decodes the RFC 3492 §7.1 samples', () => {
    expect(decodePunycode('ihqwcrb4cv8a8dqg056pqjye')).toBe('他们为什么不说中文');
    expect(decodePunycode('ihqwctvzc91f659drss3x8bo0yb')).toBe('他們爲什麽不說中文');
    expect(decodePunycode('3B-ww4c5e180e575a65lsy2b')).toBe('3年B組金八先生');
    expect(decodePunycode('Hello-Another-Way--fc4qua05auwb3674vfr0b')).toBe('Hello-Another-Way-それぞれの場所');
  });
});
