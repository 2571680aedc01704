// The one link filter for every URL the UI takes from data (answers, recommended documents, drafts).
// Only absolute http(s) links and same-site paths that start with a single "/" pass: "//host",
// "/\host" and "\host" are all other sites to a browser (it reads "\" as "/"), and browsers drop tabs
// and newlines inside URLs, so "/\t/host" would become "//host"; relative paths ("./x") are not needed.
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\\]/;

export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (!href || CONTROL_OR_SPACE.test(href)) return null;
  if (href.startsWith('/')) return href.startsWith('//') ? null : href;
  if (!/^https?:\/\//i.test(href)) return null;
  try {
    const u = new URL(href);
    return u.protocol === 'http:' || u.protocol === 'https:' ? href : null;
  } catch {
    return null;
  }
}
