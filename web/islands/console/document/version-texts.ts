// Thai texts of document versions (issue 17 item 6): the history on the view and edit pages, and the
// add wizard's "this looks like a document you have" notice.
export const tv = {
  historyTitle: 'ประวัติเวอร์ชันของไฟล์',
  historyIntro: 'ระบบใช้ตอบคำถามจากเวอร์ชันปัจจุบันเท่านั้น เวอร์ชันก่อนหน้าเก็บไว้ให้ผู้ดูแลดาวน์โหลดได้',
  loading: 'กำลังโหลดข้อมูล...',
  loadFailed: (m: string) => `โหลดประวัติเวอร์ชันไม่สำเร็จ: ${m}`,
  retry: 'ลองใหม่',
  more: 'โหลดเพิ่ม',
  version: (n: number) => `เวอร์ชัน ${n}`,
  current: 'ปัจจุบัน',
  by: (name: string) => `โดย ${name}`,
  unknownUploader: 'ไม่ทราบผู้อัปโหลด',
  download: 'ดาวน์โหลด',
  downloadLabel: (n: number, name: string) => `ดาวน์โหลด เวอร์ชัน ${n} (${name})`,
  uploadNew: 'อัปโหลดไฟล์เวอร์ชันใหม่',
  // the add wizard
  newVersionTitle: 'อัปโหลดเป็นเวอร์ชันใหม่ของเอกสาร',
  similarTitle: 'พบเอกสารที่มีเนื้อหาคล้ายกัน',
  similarTo: (name: string, percent: number) => `คล้ายกับ “${name}” ${percent} %`,
  similarHelp: 'หากไฟล์นี้เป็นฉบับปรับปรุงของเอกสารเดิม ควรอัปโหลดเป็นเวอร์ชันใหม่ เพื่อไม่ให้ระบบตอบจากทั้งฉบับเก่าและฉบับใหม่',
  asNewDocument: 'อัปโหลดเป็นเอกสารใหม่ (เก็บเอกสารเดิมไว้ด้วย)',
  asVersionOf: (name: string) => `อัปโหลดเป็นเวอร์ชันใหม่ของ “${name}” (ระบบจะไม่ใช้ข้อความฉบับเดิมตอบอีก)`,
  confirmReplace: (name: string) => `ไฟล์นี้จะเป็นเวอร์ชันใหม่ของ “${name}” ระบบจะใช้ข้อความใหม่ตอบคำถามแทนฉบับเดิมทันทีที่สร้างดัชนีเสร็จ และเก็บไฟล์เดิมไว้ในประวัติเวอร์ชัน ยืนยันหรือไม่`,
};
