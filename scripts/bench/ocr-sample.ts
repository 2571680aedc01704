// The sample of real scanned pages the OCR benches read (ocr-speed.ts, ocr-engines.ts).
// Pages of real scans (file under real_dev/docs, 1-based pages): regulations, announcements and forms of
// three universities, 200–300 dpi, JPEG and bilevel.
export const SAMPLE: Array<[string, number[]]> = [
  ['crru/01. ข้อบังคับคลังหน่วยกิต 2563.pdf', [1, 2, 3]],
  ['crru/03-ประกาศมรชร-การจัดการศึกษา-ป.ตรี-63.pdf', [1, 2]],
  ['crru/07-ประกาศ-กมอ.-เกณฑ์มาตรฐานหลักสูตร-ป.ตรี-65.pdf', [1, 2]],
  ['crru/12-ประกาศมรชร-แนวปฏิบัติการเรียนการสอน-66.pdf', [1]],
  ['sut/EDoc_TA.pdf', [1, 2]],
  ['sut/mon11.pdf', [1]],
  ['ssru/fms20.pdf', [1]],
  ['ssru/2iO_con_1540457403.pdf', [1]],
  ['ssru/fms13.pdf', [1]],
];
