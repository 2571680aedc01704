// Thai number words: the spoken scales a number is said in ("5 หมื่น" is 50,000) and the digit words.

/** The spoken Thai scales a number is said in ("5 หมื่น"). */
export const THAI_SCALE: Readonly<Record<string, number>> = { พัน: 1e3, หมื่น: 1e4, แสน: 1e5, ล้าน: 1e6 };

/** The digit words ศูนย์ … เก้า, by value. */
export const THAI_DIGIT_WORDS = ['ศูนย์', 'หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า', 'หก', 'เจ็ด', 'แปด', 'เก้า'] as const;

/** A number said in words, as a regular expression's source: "สอง", "ยี่สิบเอ็ด", "หนึ่งร้อย", "ห้าพัน". */
export const NUMBER_IN_WORDS = `(?:${[...THAI_DIGIT_WORDS.slice(1), 'สิบ', 'ยี่', 'เอ็ด', 'ร้อย', ...Object.keys(THAI_SCALE)].join('|')})+`;
