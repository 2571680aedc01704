import { describe, expect, test } from 'bun:test';
import { contentWords, queryTerms } from './query-terms.ts';

describe('query terms of a long story-style question', () => {
  // A situation told over several sentences, then the question at the very end.
  const story =
    'สวัสดีครับ ผมเป็นประธานชมรมถ่ายภาพ เมื่อเดือนที่แล้วพวกเราพาเพื่อนสมาชิกไปเที่ยวทะเลที่จังหวัดระยอง เดินทางด้วยรถตู้สามคัน ' +
    'พักโรงแรมริมหาด ถ่ายรูปพระอาทิตย์ตก กินอาหารทะเลอร่อยมาก อากาศดี ทุกคนสนุกสนาน รุ่นพี่รุ่นน้องได้รู้จักกันมากขึ้น ' +
    'ขากลับรถติดนิดหน่อยแต่ปลอดภัยดี ตอนนี้กลับมาเรียนตามปกติแล้ว อาจารย์ในภาควิชาก็ถามถึงภาพสวย ๆ ที่ได้มา ' +
    'เพื่อนหลายคนอยากจัดทริปอีกในปีหน้า บางคนเสนอให้ไปภูเขาทางภาคเหนือ บางคนอยากไปน้ำตกทางภาคตะวันตก ' +
    'ส่วนเหรัญญิกกำลังรวบรวมใบเสร็จทั้งหมดอยู่ อยากทราบว่าต้องส่งหลักฐานการเบิกจ่ายให้มหาวิทยาลัยภายในกี่วันครับ';

  test('keeps the rare words of the question at the end, and is searched by its words alone', () => {
    const terms = queryTerms(story).split(' ');
    expect(terms.length).toBeLessThanOrEqual(64);
    expect(terms).toContain('เบิก'); // เบิกจ่าย, as the segmenter splits it
    // trigrams of the situation's everyday wording match fragments of unrelated words (WORDS_ONLY_FROM)
    expect(terms.filter((t) => t.startsWith('#'))).toEqual([]);
  });

  test('a question of ordinary length keeps its trigrams', () => {
    const terms = queryTerms('นักศึกษาที่ชำระค่าธรรมเนียมการลงทะเบียนล่าช้าต้องเสียค่าปรับวันละเท่าไร').split(' ');
    expect(terms.filter((t) => t.startsWith('#')).length).toBeGreaterThanOrEqual(16);
  });

  test("the asked part (after the last question word's space) is searched twice; the situation once", () => {
    const terms = queryTerms(story).split(' ');
    const count = (t: string) => terms.filter((x) => x === t).length;
    expect(count('เบิก')).toBe(2);
    expect(count('ใบเสร็จ')).toBeLessThanOrEqual(1);
    // a short question is all ask: nothing doubled
    expect(
      queryTerms('ส่งหลักฐานการเบิกจ่ายภายในกี่วัน')
        .split(' ')
        .filter((x) => x === 'เบิก').length,
    ).toBe(1);
  });

  test('a bare ask ("ต้องทำอย่างไร") holds no topic: the part before it is the asked part, searched twice', () => {
    const terms = queryTerms('ผมยืมหนังสือห้องสมุดมาสามเล่ม แต่ทำหายไปหนึ่งเล่มตอนย้ายหอพัก ต้องชดใช้ค่าหนังสือหรือไม่ ต้องทำอย่างไร').split(' ');
    expect(terms.filter((x) => x === 'ชดใช้').length).toBe(2);
    expect(terms.filter((x) => x === 'ยืม').length).toBe(1);
    // its stop words are not searched as words (they were, as the ask's fallback)
    expect(terms).not.toContain('อย่างไร');
    expect(terms).not.toContain('ต้อง');
  });

  test('a bare ask told first ("ทำไม …") doubles nothing: the rest is the whole question', () => {
    const terms = queryTerms('ทำไม ผมถึงไม่ได้รับทุนการศึกษาทั้งที่เกรดเฉลี่ยสะสมดีมากตลอดสี่ปี ทั้งที่ยื่นเอกสารครบทุกอย่าง', []).split(' ');
    expect(terms.filter((x) => x === 'เกรด').length).toBe(1);
    expect(terms.filter((x) => x === 'เอกสาร').length).toBe(1);
  });

  test('an ask told first with a topic of its own is searched twice, the situation after it once', () => {
    const terms = queryTerms('ห้องคอมบริการทั่วไปเปิดกี่โมง อยากเข้าไปทำงานก่อนเรียนแปดโมงเช้าทุกวันเลยครับ', []).split(' ');
    expect(terms.filter((x) => x === 'บริการ').length).toBe(2);
    expect(terms.filter((x) => x === 'ทำงาน').length).toBe(1);
  });
});

describe('fillers of typed questions', () => {
  test('"แบบนี้" and "แค่ไหน" carry no topic; "แบบ" naming a form does', () => {
    expect(contentWords('แบบนี้จะได้จบพร้อมเพื่อนไหม')).not.toContain('แบบ');
    expect(contentWords('จะโดนลงโทษหนักแค่ไหน')).not.toContain('แค่');
    expect(contentWords('ยื่นแบบคำร้องที่ไหน')).toContain('แบบ');
  });
});
