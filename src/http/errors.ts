// Typed errors: services throw AppError with a stable code; the error plugin turns every error into
// the spec's envelope `{status:'error', message}` (plus `code`) with the right HTTP status, never a stack.

export type ErrorCode =
  | 'bad_request'
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'csrf'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'ai_unavailable'
  | 'ai_empty'
  | 'ai_timeout'
  | 'cancelled'
  | 'unavailable'
  | 'internal';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  csrf: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  ai_unavailable: 502,
  ai_empty: 502,
  ai_timeout: 504,
  cancelled: 499,
  unavailable: 503,
  internal: 500,
};

/** Texts fixed by the spec (console.md §8, chat.md §8). */
export const MESSAGES = {
  unauthorized: 'Authentication required. Please log in.',
  forbidden: 'Access denied. Admin privileges required.',
  documentNotFound: 'Document not found',
  categoryNotFound: 'Category not found',
  aiConnection: "Sorry, I'm having trouble connecting to the AI server. Please try again later.",
  aiEmpty: 'Error: Unable to get response from AI server',
  internal: 'เกิดข้อผิดพลาดภายในระบบ กรุณาลองใหม่อีกครั้ง',
  rateLimited: 'คุณส่งคำขอบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่อีกครั้ง',
  csrf: 'คำขอถูกปฏิเสธ: ที่มาของคำขอไม่ถูกต้อง',
  notFound: 'Not found',
} as const;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS[code];
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new AppError('bad_request', message, details);
export const unauthorized = (message: string = MESSAGES.unauthorized) => new AppError('unauthorized', message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError('forbidden', message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError('not_found', message);
export const conflict = (message: string, details?: Record<string, unknown>) => new AppError('conflict', message, details);

export interface ErrorBody {
  status: 'error';
  message: string;
  code: ErrorCode;
  details?: Record<string, unknown>;
}

export function errorBody(err: AppError): ErrorBody {
  return { status: 'error', message: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) };
}

/** Said when the disk (or SQLite's file) is full: nothing was stored, and only an admin can fix it. */
export const STORAGE_FULL_MESSAGE = 'พื้นที่จัดเก็บข้อมูลของระบบเต็ม บันทึกข้อมูลไม่สำเร็จ กรุณาแจ้งผู้ดูแลระบบ';

/** ENOSPC/EDQUOT from the file system, SQLITE_FULL from SQLite. */
export function isStorageFull(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.code === 'ENOSPC' || e.code === 'EDQUOT' || e.code === 'SQLITE_FULL') return true;
  return typeof e.message === 'string' && /ENOSPC|EDQUOT|database or disk is full|No space left on device/i.test(e.message);
}

export const storageFull = () => new AppError('unavailable', STORAGE_FULL_MESSAGE);

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}
