// The synonyms editor's Thai texts (settings page, issue 17 item 5).
import { SYNONYM_TERMS_MAX, SYNONYM_TERMS_MIN } from '../../../../contracts/synonym-limits';

export const ts = {
  title: 'คำพ้องความหมาย',
  intro: 'คำในกลุ่มเดียวกันถือว่ามีความหมายเดียวกันเมื่อระบบค้นหาคำตอบ และมีผลกับคำถามถัดไปทันที (ใช้ร่วมกับรายการคำพ้องที่มีในระบบอยู่แล้ว)',
  label: 'คำในกลุ่ม (คั่นแต่ละคำด้วยเครื่องหมายจุลภาค ,)',
  hint: `ใส่คำที่ใช้ในเอกสารไว้เป็นคำแรก ตามด้วยคำที่ผู้ใช้มักพิมพ์ ${SYNONYM_TERMS_MIN}–${SYNONYM_TERMS_MAX} คำ`,
  placeholder: 'เช่น ห้องประชุม, มีตติ้งรูม, ห้องมีตติ้ง',
  add: 'เพิ่มกลุ่มคำพ้อง',
  adding: 'กำลังบันทึก…',
  tooFew: `กรุณาระบุคำอย่างน้อย ${SYNONYM_TERMS_MIN} คำที่ไม่ซ้ำกัน`,
  tooMany: `กลุ่มคำพ้องมีได้ไม่เกิน ${SYNONYM_TERMS_MAX} คำ`,
  prefilled: 'เติมคำจากหน้าข้อมูลคำถามให้แล้ว ตรวจสอบและเพิ่มคำที่ใช้ในเอกสารก่อนบันทึก',
  empty: 'ยังไม่มีกลุ่มคำพ้องที่เพิ่มเอง',
  loading: 'กำลังโหลดข้อมูล...',
  loadFailed: (m: string) => `โหลดกลุ่มคำพ้องไม่สำเร็จ: ${m}`,
  retry: 'ลองใหม่',
  more: 'โหลดเพิ่ม',
  remove: 'ลบ',
  removeLabel: (terms: string) => `ลบ กลุ่มคำพ้อง ${terms}`,
  confirmTitle: 'ลบกลุ่มคำพ้อง',
  confirm: (terms: string) => `ต้องการลบกลุ่มคำพ้อง "${terms}" ใช่หรือไม่ คำถามถัดไปจะไม่ใช้กลุ่มนี้อีก`,
  added: 'เพิ่มกลุ่มคำพ้องแล้ว มีผลกับคำถามถัดไปทันที',
  removed: 'ลบกลุ่มคำพ้องแล้ว',
  failed: (m: string) => `บันทึกไม่สำเร็จ: ${m}`,
  listLabel: 'กลุ่มคำพ้องที่เพิ่มเอง',
};

/** The field's text as terms: split on commas (Thai or Latin) and new lines, trimmed, blanks and repeats dropped. */
export function splitTerms(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[,，、\n]/)) {
    const term = raw.replace(/\s+/g, ' ').trim();
    const key = term.toLocaleLowerCase('th');
    if (!term || seen.has(key)) continue;
    seen.add(key);
    out.push(term);
  }
  return out;
}

/**
 * Words the insights page passes in `?synonym=word1,word2`, for the field; '' when none. The router's
 * own links write search values as JSON (`"a,b"` or `["a","b"]`): those are read too.
 */
export function prefillFromSearch(search: string): string {
  const value = new URLSearchParams(search).get('synonym');
  if (!value) return '';
  let words: unknown = value;
  if (/^["[]/.test(value)) {
    try {
      words = JSON.parse(value);
    } catch {}
  }
  const text = Array.isArray(words) ? words.filter((w) => typeof w === 'string').join(',') : typeof words === 'string' ? words : '';
  return splitTerms(text).join(', ');
}

/** The settings page with its synonyms field filled with `words` (the insights page's "add synonym" link). */
export function synonymPrefillHref(words: readonly string[]): string {
  return `/admin/management/setting?${new URLSearchParams({ synonym: words.join(',') })}#synonyms`;
}
