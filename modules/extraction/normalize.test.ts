import { describe, expect, test } from 'bun:test';
import { joinLetterSpacedThai, mapLatinThaiLetters, mapLatinToneMarks, mapThaiPua, normalizeThai } from './normalize.ts';

describe('normalizeThai', () => {
  test('NFC, never NFKC: ำ stays one code point', () => {
    expect(normalizeThai('คำ')).toBe('คำ');
    expect(normalizeThai('e\u0301')).toBe('\u00e9');
  });

  test('legacy private-use glyphs map back to Thai', () => {
    expect(mapThaiPua('\uF700')).toBe('ฐ');
    expect(normalizeThai('ที\uF70B')).toBe('ที้'); // low tone mark
    expect(normalizeThai('ปี\uF70A')).toBe('ปี่');
    expect(normalizeThai('ก\uF710น')).toBe('กัน'); // shifted mai han-akat
    expect(normalizeThai('ป\uF701ด')).toBe('ปิด');
    expect(normalizeThai('ต\uF718')).toBe('ตุ');
    expect(normalizeThai('ศ\uF719นย\uF70E')).toBe('ศูนย์');
    expect(normalizeThai('a\uF020b')).toBe('a b'); // symbol-font space
    expect(normalizeThai('\uF700\uF70F')).toBe('ฐญ');
  });

  // The Royal Gazette font's five letters ว ศ ษ ส ห written as ü ý þ ÿ Ā (the lines are real_dev CRRU's 08 and 09).
  test.each([
    ['a ministerial regulation title', 'มาตรฐานĀลักÿูตรการýึกþาระดับอุดมýึกþา', 'มาตรฐานหลักสูตรการศึกษาระดับอุดมศึกษา'],
    ['each of the five letters', 'ü ý þ ÿ Ā ก', 'ü ý þ ÿ Ā ก'],
    ['a Buddhist-era year between dots', 'พ.ý. ๒๕๖๕', 'พ.ศ. ๒๕๖๕'],
    ['a word opening and ending with one', 'ĀมายเĀตุ คüามü่า', 'หมายเหตุ ความว่า'],
    ['a Latin word beside Thai keeps its ü', 'Müller ได้รับ Mülllerได้', 'Müller ได้รับ Mülllerได้'],
    ['other Latin letters are no such font', 'ÀĀก éÿก', 'ÀĀก éÿก'],
  ])('%s', (_name, layer, read) => {
    expect(mapLatinThaiLetters(layer)).toBe(read);
  });

  // A tone mark raised over an upper vowel written as É (่) or Ê (้) (real_fresh_t's calendar 2568).
  test.each([
    ['mai ek over sara ii', 'นิสิตชัÊนปีทีÉ 1', 'นิสิตชั้นปีที่ 1'],
    ['over sara ue and sara uee', 'ขึÊนทะเบียน เพืÉอพิมพ์', 'ขึ้นทะเบียน เพื่อพิมพ์'],
    ['a mark between nikhahit and sara aa', 'ตํÉากว่า', 'ตํ่ากว่า'],
    ['a Latin word keeps its letters', 'Café FÊTE RÉSUMÉ', 'Café FÊTE RÉSUMÉ'],
    ['a word with other Latin letters is no Thai word', 'ทีÉa', 'ทีÉa'],
    ['not after a Thai character', 'É ก Êก', 'É ก Êก'],
  ])('%s', (_name, layer, read) => {
    expect(mapLatinToneMarks(layer)).toBe(read);
  });

  test('raised tone marks are read before sara am and mark order', () => {
    expect(normalizeThai('คะแนนเฉลีÉยสะสมตํÉากว่า 2.00')).toBe('คะแนนเฉลี่ยสะสมต่ำกว่า 2.00');
  });

  test('the gazette font is read before the rest of the normalisation', () => {
    expect(normalizeThai('ใĀ้นับระยะเüลา')).toBe('ให้นับระยะเวลา');
    expect(normalizeThai('กฎกระทรüง  มาตรฐานĀลักÿูตร')).toBe('กฎกระทรวง มาตรฐานหลักสูตร');
    // the layer also lost ำ there: the piece after the space holds no consonant, and is still read
    expect(normalizeThai('บทนิยามค าü่า')).toBe('บทนิยามคำว่า');
  });

  test('zero-width characters are removed', () => {
    expect(normalizeThai('มหา\u200Bวิทยา\u200Cลัย\u200D\uFEFF\u00AD')).toBe('มหาวิทยาลัย');
  });

  test('sara am repairs', () => {
    expect(normalizeThai('ทํางาน')).toBe('ทำงาน'); // nikhahit + sara aa
    expect(normalizeThai('นําา')).toBe('นำ'); // doubled aa
    expect(normalizeThai('ผู้นำา')).toBe('ผู้นำ'); // ำ + า from split glyphs
    expect(normalizeThai('นาำ')).toBe('นำ');
    expect(normalizeThai('นํ้า')).toBe('น้ำ'); // nikhahit, tone, aa
    expect(normalizeThai('ตำ่า')).toBe('ต่ำ'); // ำ emitted before the tone mark
    expect(normalizeThai('ช าระ')).toBe('ชำระ'); // lost nikhahit became a space
    expect(normalizeThai('ก าร', { spaceBeforeAa: 'split' })).toBe('การ'); // OCR word split
    expect(normalizeThai('ค ำ')).toBe('คำ');
    expect(normalizeThai('คํ าสั่ง')).toBe('คำสั่ง'); // OCR split inside ำ
    expect(normalizeThai('ทาํการ กาํหนด')).toBe('ทำการ กำหนด'); // ำ's glyphs in drawing order, า then ํ
    expect(normalizeThai('น้าํ')).toBe('น้ำ');
  });

  test('tone mark before an upper/lower vowel is swapped', () => {
    expect(normalizeThai('ก่ี')).toBe('กี่');
    expect(normalizeThai('ทุ้ก')).toBe('ทุ้ก');
    expect(normalizeThai('ก่่อน')).toBe('ก่อน'); // doubled tone
    expect(normalizeThai('เเละ')).toBe('และ');
    expect(normalizeThai('ที ่')).toBe('ที่'); // space before a combining mark
  });

  test('letter-spaced Thai is joined, normal phrase spaces are kept', () => {
    expect(joinLetterSpacedThai('ป ร ะ ก า ศ')).toBe('ประกาศ');
    expect(normalizeThai('กอ งพั ฒ นา นัก ศึ กษ า')).toBe('กองพัฒนานักศึกษา');
    expect(normalizeThai('ความเป็นผู้นำ ความรับผิดชอบต่อสังคม และการทำงาน')).toBe('ความเป็นผู้นำ ความรับผิดชอบต่อสังคม และการทำงาน');
    expect(normalizeThai('วัน เวลา และสถานที่')).toBe('วัน เวลา และสถานที่');
    expect(normalizeThai('ชมรมต่าง ๆ ที่ได้รับ')).toBe('ชมรมต่าง ๆ ที่ได้รับ');
  });

  test('Thai digits are kept; whitespace is tidied but tabs survive', () => {
    expect(normalizeThai('ข้อ ๑๒  พ.ศ. ๒๕๖๗ ')).toBe('ข้อ ๑๒ พ.ศ. ๒๕๖๗');
    expect(normalizeThai('ชมรม \t ๒๕,๐๐๐\r\n\n\n\nต่อ')).toBe('ชมรม\t๒๕,๐๐๐\n\nต่อ');
  });
});

// A word is tried from its start only: from every letter of a long run the Latin-for-Thai pattern read the rest of the
// run each time (200,000 letters without a space took over a minute in the extraction worker).
test('a long word is normalised in one pass, and a Latin-for-Thai letter in a word after it is still mapped', () => {
  const out = normalizeThai(`${'ก'.repeat(200_000)} \u00FCัด`);
  expect(out.endsWith(' วัด')).toBe(true);
});
