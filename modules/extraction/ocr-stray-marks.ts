// Marks OCR added: a speck above or below a letter is read as a vowel or tone mark that no word there has
// ("มหาวิทยาลัยราชุพฤกษ์", "ภาคกุารศึกษา", "คณะกูรรมการ", "สื่ออ่อนไลน์", "ลาพักการ์ศึกษา"); the word so marked
// matches nothing a student asks. A regulation repeats its words, so the document itself says which: a mark
// whose three letters either side read, without it, as the document reads them at least twice elsewhere, and
// more often than with it, is dropped. Only the marks a speck makes (ุ ู ่ ้ ์): dropping a vowel above changed
// a real word in correct text (บุพการี → บุพการ beside the same law's ผู้บุพการกระทำ). Three letters a side:
// with two, ten real words changed in correct text (เดี่ยว, เกี่ยวข้อง, ที่เรา).
// Measured on our six scans: 9 marks dropped, all OCR's (ตุ่อคุณบดี → ต่อคณบดี, หัวเข็มุขัด, สื่ออ่อนไลน์);
// on 452k characters of correct text (ground truths, act/penal/civil, xquad_th, iapp_wiki_qa) none.
const STRAY = /[\u0E38\u0E39\u0E48\u0E49\u0E4C]/;
const SIDE = 3;
const LETTERS = new RegExp(`^[\\u0E01-\\u0E4E]{${SIDE}}$`);
const count = (text: string, s: string) => text.split(s).length - 1;

/** Each OCR'd page without the marks the rest of the document reads the same letters without. */
export function dropStrayMarks(pages: string[]): string[] {
  const all = pages.join('\n\n');
  return pages.map((page) => {
    let out = '';
    for (let i = 0; i < page.length; i++) {
      const mark = page[i];
      if (STRAY.test(mark)) {
        const [before, after] = [page.slice(Math.max(0, i - SIDE), i), page.slice(i + 1, i + 1 + SIDE)];
        if (LETTERS.test(before) && LETTERS.test(after)) {
          const without = count(all, before + after);
          if (without >= 2 && without > count(all, before + mark + after)) continue;
        }
      }
      out += mark;
    }
    return out;
  });
}
