// Thai text read without its tone marks (่ ้ ๊ ๋): a scan's reading often loses them ("ไมเกิน", "หนึงแสน"), so a word
// matched toneless reads the same whether OCR kept the marks or not.
const TONE_MARKS = /[\u0e48-\u0e4b]/g;

/** The text with its tone marks dropped. */
export const withoutToneMarks = (s: string): string => s.replace(TONE_MARKS, '');
