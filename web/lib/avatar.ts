// Avatar rules of chat.md §3: initials plus one of 12 colours hashed from the name.
export const AVATAR_COLORS = [
  '#1f3a8a',
  '#0f766e',
  '#b45309',
  '#7c3aed',
  '#be123c',
  '#047857',
  '#1d4ed8',
  '#a21caf',
  '#c2410c',
  '#0e7490',
  '#4d7c0f',
  '#6d28d9',
] as const;

export function displayName(u: { firstname?: string | null; lastname?: string | null } | null | undefined): string {
  const name = [u?.firstname, u?.lastname]
    .filter((s) => s && s.trim())
    .join(' ')
    .trim();
  return name || 'Unknown User';
}

/** Thai leading vowels (เ แ โ ใ ไ) are written before the consonant they follow in speech. */
const THAI_LEADING_VOWEL = /^[\u0E40-\u0E44]+/u;

/** The first letter of a word that an initial can stand for: "ใจดี" → "จ", "แก้ว" → "ก". */
function initialOf(word: string): string {
  const rest = word.replace(THAI_LEADING_VOWEL, '');
  return Array.from(rest || word)[0] ?? '';
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return '?';
  const first = initialOf(parts[0]!);
  const second = parts.length > 1 ? initialOf(parts[parts.length - 1]!) : '';
  return (first + second).toUpperCase();
}

export function avatarColor(name: string): string {
  let h = 0;
  for (const ch of name) h = (Math.imul(h, 31) + ch.codePointAt(0)!) | 0;
  return AVATAR_COLORS[Math.abs(h) % AVATAR_COLORS.length]!;
}
