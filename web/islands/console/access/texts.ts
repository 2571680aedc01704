// Texts and rules of the access-rights page (console.md §2, §5, §8), in Thai; the spec's meanings kept exactly.

export const ta = {
  title: 'จัดการสิทธิ์การเข้าถึง',
  // U+200B: Chromium's Thai dictionary splits "ของบอท" as "ขอ|งบ|อท" at a line end; the hint keeps "บอท" whole.
  subtitle: 'ผู้ดูแลระบบที่จัดการเอกสาร หมวดหมู่ และการตั้งค่าของ\u200bบอทได้',
  searchLabel: 'ค้นหาชื่อผู้ใช้',
  searchPlaceholder: 'ค้นหาชื่อผู้ใช้',
  add: 'เพิ่มสิทธิ์',
  tableLabel: 'รายชื่อผู้ดูแลระบบ',
  cols: { name: 'ชื่อ', email: 'อีเมล', position: 'ตำแหน่ง', role: 'บทบาท', status: 'สถานะ', updated: 'อัปเดตล่าสุด', actions: 'การจัดการ' },
  you: '(คุณ)',
  savePosition: 'บันทึก',
  positionLabel: (email: string) => `ตำแหน่งของ ${email}`,
  statusLabel: (email: string) => `เปิดใช้งานสิทธิ์ของ ${email}`,
  active: 'ใช้งาน',
  inactive: 'ปิดใช้งาน',
  revoke: 'ลบสิทธิ์',
  revokeLabel: (email: string) => `ลบสิทธิ์ผู้ดูแลระบบของ ${email}`,
  selfHint: 'ไม่สามารถเปลี่ยนสถานะหรือลบสิทธิ์ของตนเองได้',
  loading: 'กำลังโหลดข้อมูล...',
  empty: 'ไม่พบข้อมูล',
  modal: {
    title: 'เพิ่มผู้ดูแลระบบ',
    hint: 'ผู้ใช้ต้องเคยเข้าสู่ระบบบอทมาก่อนจึงจะเพิ่มสิทธิ์ได้',
    email: 'อีเมล',
    emailPlaceholder: 'name@university.ac.th',
    emailInvalid: 'รูปแบบอีเมลไม่ถูกต้อง',
    position: 'ตำแหน่ง',
    positionPlaceholder: 'เช่น เจ้าหน้าที่กองกิจการนักศึกษา',
    submit: 'เพิ่ม',
    submitting: 'กำลังเพิ่ม...',
    cancel: 'ยกเลิก',
  },
  notFound: { title: 'ไม่พบผู้ใช้', body: 'ไม่พบผู้ใช้ในฐานข้อมูล กรุณาตรวจสอบว่าอีเมลนี้เคยเข้าสู่ระบบบอทแล้ว' },
  confirmRevoke: { title: 'ยืนยันการลบสิทธิ์', body: (email: string) => `ต้องการลบสิทธิ์ผู้ดูแลระบบของ ${email} ใช่หรือไม่`, confirm: 'ลบสิทธิ์', busy: 'กำลังลบสิทธิ์...' },
  titles: { success: 'สำเร็จ', error: 'เกิดข้อผิดพลาด', info: 'แจ้งเตือน' },
  ok: 'ตกลง',
  added: (email: string) => `เพิ่มสิทธิ์ให้กับอีเมล ${email} เรียบร้อยแล้ว`,
  addError: 'เกิดข้อผิดพลาดในการเพิ่มสิทธิ์',
  connection: 'เกิดข้อผิดพลาดในการเชื่อมต่อกับเซิร์ฟเวอร์',
  listError: 'ไม่สามารถดึงข้อมูลผู้ดูแลระบบได้',
  revoked: (email: string) => `ลบสิทธิ์ผู้ดูแลระบบของ ${email} เรียบร้อยแล้ว`,
  revokeError: 'ไม่สามารถลบสิทธิ์ได้',
  positionUpdated: (email: string) => `อัปเดตตำแหน่งของ ${email} เรียบร้อยแล้ว`,
  positionError: 'ไม่สามารถอัปเดตตำแหน่งได้',
  statusChanged: (email: string, on: boolean) => `${on ? 'เปิด' : 'ปิด'}การใช้งานสิทธิ์ของ ${email} แล้ว`,
  statusError: 'ไม่สามารถเปลี่ยนสถานะได้',
  sessionExpired: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบใหม่',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/i;

/** console.md §5: the e-mail must match after trimming, compared case-insensitively. */
export function normaliseEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  return email.length <= 254 && EMAIL.test(email) ? email : null;
}

/**
 * console.md §5, add-admin form: the e-mail must be valid and the position non-empty after trimming;
 * what is sent is the normalised e-mail and the trimmed position. Null while either rule fails.
 */
export function addAdminInput(email: string, position: string): { email: string; position: string } | null {
  const normalised = normaliseEmail(email);
  const trimmed = position.trim();
  return normalised && trimmed ? { email: normalised, position: trimmed } : null;
}

/** console.md §5: position edits are enabled only for a non-empty value that differs from the current one. */
export function canSavePosition(draft: string, current: string): boolean {
  const v = draft.trim();
  return v.length > 0 && v !== current.trim();
}

export interface AdminItem {
  id: string;
  user_image: string | null;
  firstname: string;
  lastname: string;
  responsibility: string;
  email: string;
  role: string;
  status: boolean;
  updatedAt: string;
}

/** The local half of the search (the server gets the same text): name, e-mail or position. */
export function matchesSearch(a: AdminItem, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [a.email, `${a.firstname} ${a.lastname}`, a.responsibility].some((s) => s.toLowerCase().includes(q));
}
