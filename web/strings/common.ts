// Texts of the pieces every island shares (dialogs, logout, the sign-in callback), apart from th.ts so the
// chat and console bundles do not carry the landing page's texts.
export const common = {
  logout: {
    title: 'ยืนยันการออกจากระบบ',
    message: 'คุณต้องการออกจากระบบใช่หรือไม่? คุณจะต้องเข้าสู่ระบบใหม่อีกครั้งเพื่อใช้งาน',
    confirm: 'ออกจากระบบ',
    cancel: 'ยกเลิก',
    busy: 'กำลังออกจากระบบ...',
  },
  /** the sign-in callback page; the English failure texts are the spec's (chat.md §5, §8) */
  callback: {
    title: 'กำลังเข้าสู่ระบบ',
    failedTitle: 'เข้าสู่ระบบไม่สำเร็จ',
    authenticating: 'กำลังยืนยันตัวตน...',
    processing: 'กำลังประมวลผลการเข้าสู่ระบบ...',
    success: 'เข้าสู่ระบบสำเร็จ กำลังพาไปยังหน้าถัดไป...',
    backToLogin: 'กลับไปหน้าเข้าสู่ระบบ',
    invalidParams: 'Invalid callback parameters. Redirecting to login...',
    authFailed: (message: string) => `Authentication failed: ${message}. Redirecting to login...`,
    loginFailed: 'Login failed',
    noUser: 'No user data found. Redirecting to login...',
  },
  dialog: { cancel: 'ยกเลิก', busy: 'กำลังดำเนินการ...', ok: 'ตกลง', close: 'ปิด' },
} as const;
