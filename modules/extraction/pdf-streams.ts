// Inflation bombs in PDFs: a 4 MB file can hold a Flate stream that inflates to gigabytes, and pdf.js
// inflates a page's streams whole. Before pdf.js opens a file, every Flate stream is inflated here once
// with a cap, so a file over the per-stream or per-file limit is refused at a cost of at most the cap.
import { constants, inflateSync } from 'node:zlib';
import { ExtractionError } from './errors.ts';
import type { ParseLimits } from './parse-limits.ts';

const STREAM = Buffer.from('stream');
const ENDSTREAM = Buffer.from('endstream');
// How far back from `stream` its dictionary is looked for; stream dictionaries are short.
const DICT_WINDOW = 4096;
// Flate first in the filter chain (what pdf.js inflates before anything else); /Fl is the inline abbreviation.
const FLATE_FIRST = /\/Filter\s*\[?\s*\/Fl(?:ateDecode)?(?![A-Za-z])/;

const tooBig = (why: string) => new ExtractionError('too_large', why);

/** Bytes `data` inflates to, refusing past `cap`; a broken stream counts as nothing (pdf.js decides about it). */
function inflatedSize(data: Uint8Array, cap: number): number {
  try {
    // SYNC_FLUSH: a truncated stream yields what it has, as pdf.js reads it, instead of failing.
    return inflateSync(data, { maxOutputLength: Math.max(1, cap), finishFlush: constants.Z_SYNC_FLUSH }).length;
  } catch (err) {
    if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return cap + 1;
    return 0;
  }
}

// Deflate cannot expand data more than ~1032:1: a stream too short to pass a limit even so is not inflated.
const MAX_DEFLATE_RATIO = 1032;

/** Where each Flate stream's data lies in `buf`. */
function flateStreams(buf: Buffer): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  let at = 0;
  while ((at = buf.indexOf(STREAM, at)) >= 0) {
    const keyword = at;
    at += STREAM.length;
    if (keyword >= 3 && buf.toString('latin1', keyword - 3, keyword) === 'end') continue;
    // The keyword ends its line (CRLF or LF); anything else is the word inside a name or a string.
    let start = at;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    if (start === at) continue;
    const before = buf.toString('latin1', Math.max(0, keyword - DICT_WINDOW), keyword);
    const dict = before.slice(Math.max(0, before.lastIndexOf(' obj')));
    const end = buf.indexOf(ENDSTREAM, start);
    const stop = end < 0 ? buf.length : end;
    at = stop;
    if (FLATE_FIRST.test(dict)) found.push([start, stop]);
  }
  return found;
}

/** Throws 'too_large' when a Flate stream of the PDF `data` inflates past the limits. */
export function checkPdfStreams(data: Uint8Array, limits: Pick<ParseLimits, 'maxInflatedEntryBytes' | 'maxInflatedTotalBytes'>): void {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const streams = flateStreams(buf);
  const worstTotal = streams.reduce((n, [start, stop]) => n + (stop - start) * MAX_DEFLATE_RATIO, 0);
  let total = 0;
  for (const [start, stop] of streams) {
    const worst = (stop - start) * MAX_DEFLATE_RATIO;
    // Only what could pass a limit is inflated (most files: a few large images, or nothing).
    if (worst <= limits.maxInflatedEntryBytes && worstTotal <= limits.maxInflatedTotalBytes) continue;
    const cap = Math.min(limits.maxInflatedEntryBytes, limits.maxInflatedTotalBytes - total);
    const size = inflatedSize(buf.subarray(start, stop), cap);
    if (size > limits.maxInflatedEntryBytes) throw tooBig(`a stream inflates beyond ${limits.maxInflatedEntryBytes} bytes`);
    total += size;
    if (total > limits.maxInflatedTotalBytes) throw tooBig(`the streams inflate beyond ${limits.maxInflatedTotalBytes} bytes`);
  }
}
