// Reasoning models (DeepSeek-R1, Qwen3, QwQ …) write their chain of thought between <think> and
// </think> before the answer. Students must see the answer only, and streaming must not flash the
// thinking either, so the filter works on deltas: tags may arrive split across tokens, text inside a
// block is dropped as it comes, and a tag-like prefix is held back only until it can be decided.
const OPEN = '<think>';
const CLOSE = '</think>';

export class ThinkFilter {
  private inside = false;
  private held = '';
  private started = false;

  /** Returns the part of `delta` that may be shown now. */
  push(delta: string): string {
    let s = this.held + delta;
    this.held = '';
    let out = '';
    while (s) {
      const tag = this.inside ? CLOSE : OPEN;
      const at = s.indexOf(tag);
      if (at >= 0) {
        if (!this.inside) out += s.slice(0, at);
        s = s.slice(at + tag.length);
        this.inside = !this.inside;
        // the answer usually follows the closing tag after a blank line
        if (!this.inside) s = s.replace(/^\s+/, '');
        continue;
      }
      // keep a possible beginning of the tag for the next delta
      const keep = partialSuffix(s, tag);
      if (!this.inside) out += s.slice(0, s.length - keep);
      this.held = s.slice(s.length - keep);
      s = '';
    }
    if (!this.started) {
      out = out.replace(/^\s+/, '');
      if (out) this.started = true;
    }
    return out;
  }

  /** What is left when the stream ends (an unfinished tag-like text that never became a tag). */
  end(): string {
    const rest = this.inside ? '' : this.held;
    this.held = '';
    return rest;
  }
}

function partialSuffix(s: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, s.length); n > 0; n--) if (tag.startsWith(s.slice(s.length - n))) return n;
  return 0;
}
