// Units a document writes by a notation of its own instead of by name: a count in that notation answers "how
// many" of the unit though the unit's word is not beside it (question/answer-type.ts), and is what the direct answer
// leads with (assistant/direct-answer.ts). Each notation is data with the rule or the count that puts it here.
export const UNIT_NOTATIONS: Readonly<Record<string, RegExp>> = {
  // A course's credits in a Thai curriculum are written "3(3-0-6)": the credits, then the hours a week of lecture,
  // practice and self-study, as the programme specification form (มคอ.2) of the Thai Qualifications Framework sets it
  // out under the Ministry of Education's standards for bachelor's curricula (ประกาศกระทรวงศึกษาธิการ เรื่อง
  // เกณฑ์มาตรฐานหลักสูตรระดับปริญญาตรี พ.ศ. 2558); a study plan's totals and open electives leave the hours out:
  // "รวม 16( )", "3(- -)". The word หน่วยกิต stands only in the column header, pages away.
  // Universities also abbreviate it นก. ("ไม่เกิน ๒๒ นก.").
  หน่วยกิต: /(?<![\d.])\d{1,3}\s*\(\s*(?:\d{1,2}\s*-\s*\d{1,2}\s*-\s*\d{1,2}|-?\s*-?\s*-?)\s*\)|(?<![\d.,])\d[\d,.]*\s*นก\./,
  // Hours abbreviated as the Royal Institute's list of abbreviations writes them: ชม. (the cached real pages write
  // "๓๖ ชม." 131 times beside "๓๖ ชั่วโมง" 111 times)
  ชั่วโมง: /(?<![\d.,])\d[\d,.]*\s*ชม\./,
  // A percentage written with its sign, "80%" (a question's เปอร์เซ็นต์ and its spellings are ร้อยละ's synonyms)
  ร้อยละ: /(?<![\d.,])\d[\d,.]*\s*%/,
};

// A unit's everyday name in a question, and the word documents count it in: "กี่ตังค์" asks for baht (ตังค์, ตัง: the
// spoken สตางค์, "money", in the Royal Institute Dictionary, พจนานุกรม ฉบับราชบัณฑิตยสถาน พ.ศ. 2554), "กี่ชม" for hours
// (ชม. the Royal Institute's abbreviation of ชั่วโมง, typed without its dot), "กี่วิชา" for courses, which official
// writing counts with the classifier ราย ("อย่างน้อย ๑ รายวิชา": the cached real pages write a figure before รายวิชา
// 113 times, before วิชา alone 74).
export const EVERYDAY_UNIT_NAMES: Readonly<Record<string, readonly string[]>> = {
  ตังค์: ['บาท'],
  ตัง: ['บาท'],
  ชม: ['ชั่วโมง'],
  วิชา: ['รายวิชา'],
};
