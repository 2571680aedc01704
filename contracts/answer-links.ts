// Which links an answer may carry (issue 34 finding 11): a document's text can say anything, and a clause
// reading "[เว็บชำระ](https://evil.example/pay)" must not become a clickable link in an answer. Links go only to
// the product's own pages and downloads (same-site paths) and to the university's own hosts: PUBLIC_URL's host
// and ANSWER_LINK_HOSTS (each host or domain with its subdomains). The server rewrites other links in the
// answer's text as plain text (modules/assistant/containment.ts); the browser's Markdown links only these
// (web/islands/chat/Markdown.tsx), so a streamed token or another server's text is held to the same list.

/** The host part of an allow-list entry or URL, lower-case, without a trailing dot. */
const hostOf = (value: string) => value.trim().toLowerCase().replace(/\.$/, '');

/** The hosts an answer may link to: PUBLIC_URL's host first, then the configured list. */
export function answerLinkHosts(publicUrl: string, extra: readonly string[]): string[] {
  let own: string[] = [];
  try {
    own = [hostOf(new URL(publicUrl).hostname)];
  } catch {
    // an unparsable PUBLIC_URL never reaches here (config validates it); no own host then
  }
  return [...new Set([...own, ...extra.map(hostOf)])].filter(Boolean);
}

/**
 * An answer may link to `href`: a same-site path ("/api/files/…/download"; not "//host", which is another
 * site), or an http(s) address on an allowed host or one of its subdomains. Anything else is shown as text.
 */
export function answerLinkAllowed(href: string, hosts: readonly string[]): boolean {
  const h = href.trim();
  if (h.startsWith('/')) return !h.startsWith('//') && !h.startsWith('/\\') && !/[\u0000-\u0020\\]/.test(h);
  let url: URL;
  try {
    url = new URL(/^www\./i.test(h) ? `https://${h}` : h);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false; // "https://uni.ac.th@evil.example" reads as the university's
  const host = hostOf(url.hostname);
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
