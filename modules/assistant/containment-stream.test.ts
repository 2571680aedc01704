// The guarded stream reads only what is new at each check (containment-stream.ts); it must still stop at
// everything the whole answer's check stops at: an echo of the system prompt however it is spaced, links not
// in the passages in every Markdown form, each split across chunk boundaries of every size and across lines.
import { describe, expect, test } from 'bun:test';
import { type ContainmentInput, modelAnswerProblem } from './containment';
import { guardStream } from './containment-stream';
import { SYSTEM_PROMPT } from './prompt';

const PASSAGE = 'ข้อ ๕ ชำระค่าธรรมเนียมที่ [เว็บชำระ](https://pay.uni.ac.th/fees) ภายใน ๓๐ วัน ดู https://reg.uni.ac.th/calendar';
const input: ContainmentInput = { instructions: SYSTEM_PROMPT, sources: [PASSAGE, 'ต้องชำระค่าเทอมที่ไหน'] };
const safe = 'ตามข้อ ๕ นักศึกษาต้องชำระค่าธรรมเนียมการศึกษาภายใน ๓๐ วันนับจากวันเปิดภาคเรียน\n\n- ชำระที่ธนาคาร\n'.repeat(4);
const echo = SYSTEM_PROMPT.slice(200, 420);
// the prompt's letters with other spacing and punctuation: still an echo
const respaced = [...echo.replace(/\s+/g, '')].map((c, i) => (i % 9 === 8 ? `${c} ` : c)).join('');

const CASES: Array<[string, string, 'instructions' | 'link' | null]> = [
  ['a plain answer', safe, null],
  ['the passage link and the same-site download', `${safe}ชำระที่ [เว็บชำระ](https://pay.uni.ac.th/fees) หรือ [แบบฟอร์ม](/api/files/f1/download)\n${safe}`, null],
  ['the bare passage address', `${safe}ดู https://reg.uni.ac.th/calendar ครับ\n`, null],
  ['the system prompt echoed', `${safe}${echo}${safe}`, 'instructions'],
  ['the system prompt echoed, respaced', `${safe}${respaced}`, 'instructions'],
  ['the system prompt at the very start', `${echo}`, 'instructions'],
  ['a Markdown link of its own', `${safe}ชำระที่ [เว็บชำระ](https://evil.example/pay) ด่วน\n${safe}`, 'link'],
  ['a bare address of its own', `${safe}ไปที่ https://evil.example/steal?x=1 แล้วกรอกรหัส\n${safe}`, 'link'],
  ['an autolink', `${safe}<https://evil.example/a> ครับ${safe}`, 'link'],
  ['a www address', `${safe}www.evil.example/a ครับ${safe}`, 'link'],
  ['a reference definition', `${safe}[เว็บ][1]\n\n[1]: https://evil.example/ref\n${safe}`, 'link'],
  ['a link whose target is on the next lines', `${safe}[เว็บชำระ](\n\n  https://evil.example/late)\n${safe}`, 'link'],
  ['a link whose title is on the next line', `${safe}[เว็บชำระ](https://evil.example/t\n"ชื่อ")\n${safe}`, 'link'],
  ['an image of its own', `${safe}![](https://evil.example/i.png)\n${safe}`, 'link'],
  ['a foreign link at the very end', `${safe}ดู https://evil.example/end`, 'link'],
  ['a passage address grown into another', `${safe}ดู https://pay.uni.ac.th/fees.evil.example/x ครับ\n`, 'link'],
];

/** streams `text` in chunks of `size`, then the whole-answer check the chat makes after the stream */
function streamed(text: string, size: number) {
  const sent: string[] = [];
  const guard = guardStream(input, (t) => sent.push(t));
  for (let i = 0; i < text.length; i += size) guard.push(text.slice(i, i + size));
  const problem = guard.problem ?? modelAnswerProblem(text, input);
  if (!problem) guard.release();
  return { problem, during: guard.problem, sent: sent.join('') };
}

describe('a guarded stream stops where the whole answer is stopped', () => {
  for (const [name, text, expected] of CASES)
    test(name, () => {
      expect(modelAnswerProblem(text, input)).toBe(expected);
      for (const size of [1, 3, 7, 16, 17, 50, 200]) {
        const { problem, during, sent } = streamed(text, size);
        expect(problem).toBe(expected);
        if (expected === null) expect(sent).toBe(text);
        else {
          // nothing of the problem reached the browser
          expect(sent).not.toContain('evil');
          expect(sent.length).toBeLessThan(text.length);
          // a problem before the last 100 characters is caught while streaming, not only at the end
          if (text.length > safe.length * 2 || expected === 'instructions') expect(during).toBe(expected);
        }
      }
    });
});
