// What the university's IdP says about a person beyond the e-mail: groups or roles (OIDC_GROUPS_CLAIM, a
// dotted path such as Keycloak's realm_access.roles) and whether the e-mail's domain may sign in at all.

const MAX_GROUPS = 500;

/**
 * The groups at `path` in the claims: an array of strings (Entra ID `groups`/`roles`, Keycloak
 * `groups`/`realm_access.roles`), or one string of space- or comma-separated names. Absent: [].
 * A top-level claim whose name itself holds dots (a URL-shaped claim name) is found too.
 */
export function groupsFromClaims(claims: Record<string, unknown>, path: string): string[] {
  let value: unknown = path in claims ? claims[path] : claims;
  if (!(path in claims)) {
    for (const part of path.split('.')) {
      value = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[part] : undefined;
    }
  }
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  return [
    ...new Set(
      list
        .filter((g): g is string => typeof g === 'string')
        .map((g) => g.trim())
        .filter(Boolean),
    ),
  ].slice(0, MAX_GROUPS);
}

/** Group names compare case-insensitively: IdPs differ in how they spell a group, never in what it means. */
export function inAnyGroup(groups: readonly string[], wanted: readonly string[]): boolean {
  const have = new Set(groups.map((g) => g.toLowerCase()));
  return wanted.some((w) => have.has(w.toLowerCase()));
}

/** True when `allowed` is empty (no restriction) or the e-mail's domain is one of them. */
export function emailDomainAllowed(email: string, allowed: readonly string[]): boolean {
  if (!allowed.length) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return allowed.includes(domain);
}

/** The Thai reason a refused account sees after "Authentication failed:". */
export const domainRefused = (allowed: readonly string[]) => `บัญชีนี้ไม่ได้รับอนุญาตให้เข้าสู่ระบบ ใช้ได้เฉพาะอีเมลของมหาวิทยาลัย (${allowed.map((d) => `@${d}`).join(', ')})`;
