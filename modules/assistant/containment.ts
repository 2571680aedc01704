// What a document says stays data (issue 34 finding 11). A clause in an uploaded file reading
// "[เว็บชำระ](https://evil.example/pay)" was a clickable link in the quoted answer, and a model that obeyed text
// injected into a document answered with that link and its whole system prompt. Here:
// - containLinks: an answer's links to hosts outside the allow-list (contracts/answer-links.ts) become plain
//   text: a Markdown link keeps its words with the address beside them as code, a bare address becomes code
//   (code is never a link in any Markdown); images the same;
// - modelAnswerProblem: a model's answer that repeats a long verbatim piece of its instructions, or carries a
//   link found in none of the passages, attachments or question it was given, is withheld;
// - guardStream (containment-stream.ts): while the model streams, the text is held back a little and the stream stops at the first
//   such problem, so neither reaches the browser before the answer is checked.
import { answerLinkAllowed } from '../../contracts/answer-links';
import { foldThaiDigits } from '../../src/thai/digits';

/** Markdown links and images, autolinks, then bare web addresses (the forms a Markdown renderer links). */
export const LINKS =
  /(!?)\[([^\]\n]*)\]\(\s*<?([^\s()<>]+)>?(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)|<((?:https?:\/\/|www\.)[^\s<>]+)>|((?:https?:\/\/|www\.)[^\s<>()[\]`"']+)/gi;
/** A reference definition ("[1]: https://…") makes "[text][1]" a link. */
export const DEFINITION = /^( {0,3})\[([^\]\n]+)\]:[ \t]*<?(\S+?)>?(?=[ \t]|$)/gm;
/** Code spans and fences are literal text: nothing in them is a link, nothing is rewritten. */
const CODE = /(```[\s\S]*?(?:```|$)|`[^`\n]*`)/;

export const trailing = (url: string) => url.replace(/[.,;:!?)]+$/, '');
const asCode = (text: string) => `\`${text.replace(/`/g, "'")}\``;

const outsideCode = (text: string, f: (plain: string) => string) =>
  text
    .split(CODE)
    .map((part, i) => (i % 2 === 1 ? part : f(part)))
    .join('');

function containDefinitions(text: string, hosts: readonly string[]): string {
  return text.replace(DEFINITION, (all, indent: string, label: string, url: string) =>
    answerLinkAllowed(url, hosts) ? all : `${indent}${label}: ${asCode(url)}`,
  );
}

function containPlain(text: string, hosts: readonly string[]): string {
  return text.replace(
    LINKS,
    (all, _bang: string, label: string | undefined, target: string | undefined, auto: string | undefined, bare: string | undefined) => {
      if (target !== undefined) {
        if (answerLinkAllowed(target, hosts)) return all;
        const words = containPlain(label ?? '', hosts).trim();
        return words ? `${words} (${asCode(target)})` : asCode(target);
      }
      if (auto !== undefined) return answerLinkAllowed(auto, hosts) ? all : asCode(auto);
      const url = trailing(bare ?? '');
      if (answerLinkAllowed(url, hosts)) return all;
      return asCode(url) + (bare ?? '').slice(url.length);
    },
  );
}

/** The answer's text with every link outside `hosts` as plain text (code spans and fences untouched). */
export function containLinks(text: string, hosts: readonly string[]): string {
  // definitions first: the address they leave as code is then code to the second pass
  return outsideCode(
    outsideCode(text, (plain) => containDefinitions(plain, hosts)),
    (plain) => containPlain(plain, hosts),
  );
}

/** Letters and digits only, lower-case, Thai digits as ASCII: how a repeated piece of text is recognised however it is spaced or punctuated. */
export function compact(text: string): string {
  return foldThaiDigits(text)
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '');
}

/** A repeated piece this long (letters and digits, ~10 Thai words) is the instructions echoed, not a coincidence. */
export const ECHO_CHARS = 40;

export interface ContainmentInput {
  /** the model's instructions (its system message) */
  instructions: string;
  /** what the model was given to read: passages, attachments, history, the question */
  sources: readonly string[];
}

// Pieces are found by a rolling hash of every ECHO_CHARS-long window: the given text (passages, question, history:
// ~10k windows a turn) is walked once without cutting a string per window, and a window whose hash is one of the
// instructions' is compared letter by letter.
const HASH_BASE = 0x01000193;
const HASH_TOP = Array.from({ length: ECHO_CHARS - 1 }).reduce<number>((p) => Math.imul(p, HASH_BASE), 1); // BASE^(ECHO_CHARS-1)

/** The hash of each ECHO_CHARS-long window of `text`, by where it starts. */
function windowHashes(text: string, visit: (hash: number, start: number) => void): void {
  if (text.length < ECHO_CHARS) return;
  let h = 0;
  for (let i = 0; i < ECHO_CHARS; i++) h = (Math.imul(h, HASH_BASE) + text.charCodeAt(i)) >>> 0;
  visit(h, 0);
  for (let i = ECHO_CHARS; i < text.length; i++) {
    h = (Math.imul((h - Math.imul(text.charCodeAt(i - ECHO_CHARS), HASH_TOP)) >>> 0, HASH_BASE) + text.charCodeAt(i)) >>> 0;
    visit(h, i - ECHO_CHARS + 1);
  }
}

interface InstructionPieces {
  instructions: string;
  /** every distinct piece, in the order they first appear */
  pieces: string[];
  all: ReadonlySet<string>;
  byHash: Map<number, string[]>;
}
// the instructions are the one system prompt: their pieces are cut and hashed once
let lastInstructions: InstructionPieces | null = null;

function instructionPieces(instructions: string): InstructionPieces {
  if (lastInstructions?.instructions === instructions) return lastInstructions;
  // a phrase the instructions tell the model to write ("…ไม่ได้กล่าวถึงเรื่องนี้") is no echo
  const own = compact(instructions.replace(/"[^"\n]*"/g, ' '));
  const seen = new Set<string>();
  const byHash = new Map<number, string[]>();
  windowHashes(own, (h, i) => {
    const piece = own.slice(i, i + ECHO_CHARS);
    if (seen.has(piece)) return;
    seen.add(piece);
    const same = byHash.get(h);
    if (same) same.push(piece);
    else byHash.set(h, [piece]);
  });
  return (lastInstructions = { instructions, pieces: [...seen], all: seen, byHash });
}

/** Which pieces an answer may not repeat (echoPieces), as a test: the instructions' thousands of pieces are not copied per answer. */
export interface EchoTest {
  has(piece: string): boolean;
}

export function echoTest(input: ContainmentInput): EchoTest {
  const { all, byHash } = instructionPieces(input.instructions);
  const given = compact(input.sources.join('\n'));
  const inGiven = new Set<string>();
  windowHashes(given, (h, i) => {
    const candidates = byHash.get(h);
    if (candidates) for (const piece of candidates) if (given.startsWith(piece, i)) inGiven.add(piece);
  });
  return { has: (piece) => all.has(piece) && !inGiven.has(piece) };
}

/** The pieces of the instructions an answer may not repeat: those it was not also given to read. */
export function echoPieces(input: ContainmentInput): Set<string> {
  const echo = echoTest(input);
  return new Set(instructionPieces(input.instructions).pieces.filter((p) => echo.has(p)));
}

export type ContainmentProblem = 'instructions' | 'link';

/**
 * Why a model's answer may not be shown, or null. `complete` false (mid-stream): an address at the very end may
 * still be growing, so it is judged when it ends.
 */
export function modelAnswerProblem(
  text: string,
  input: ContainmentInput,
  opts: { pieces?: EchoTest; complete?: boolean; echoFrom?: number } = {},
): ContainmentProblem | null {
  const pieces = opts.pieces ?? echoTest(input);
  const flat = compact(text);
  for (let i = Math.max(0, opts.echoFrom ?? 0); i + ECHO_CHARS <= flat.length; i++) if (pieces.has(flat.slice(i, i + ECHO_CHARS))) return 'instructions';
  // what the model was given, read only when the answer holds an address (most hold none)
  return linkProblem(text, givenText(input), opts.complete !== false);
}

/** What the model was given, lower-cased when first asked (links are looked up in it). */
export function givenText(input: ContainmentInput): { includes(s: string): boolean } {
  let lower: string | undefined;
  return { includes: (s: string) => (lower ??= input.sources.join('\n').toLowerCase()).includes(s) };
}

/**
 * 'link' when `text`, read from `from` (a line start), carries an address the model was not given. Not
 * `complete` (mid-stream): an address at the very end may still be growing, so it is judged when it ends.
 */
export function linkProblem(text: string, given: { includes(s: string): boolean }, complete: boolean, from = 0): ContainmentProblem | null {
  const part = from > 0 ? text.slice(from) : text;
  for (const m of part.matchAll(LINKS)) {
    const url = trailing(m[3] ?? m[4] ?? m[5] ?? '');
    if (!url || (!complete && m.index + m[0].length >= part.length)) continue;
    // a same-site path is the product's own; an address must be one the model was given
    const known = url.startsWith('/') ? answerLinkAllowed(url, []) : given.includes(url.toLowerCase());
    if (!known) return 'link';
  }
  for (const m of part.matchAll(DEFINITION)) if (!given.includes(m[3]!.toLowerCase())) return 'link';
  return null;
}
