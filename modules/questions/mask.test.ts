import { describe, expect, test } from 'bun:test';
import { maskPersonalData, MASKS } from './mask';

describe('maskPersonalData', () => {
  test('e-mail addresses in Thai sentences', () => {
    expect(maskPersonalData('ส่งเอกสารไปที่ somchai.j@student.uni.ac.th ได้ไหมคะ')).toBe(`ส่งเอกสารไปที่ ${MASKS.email} ได้ไหมคะ`);
    expect(maskPersonalData('อีเมลผมคือa_b+x@gmail.comครับ')).toBe(`อีเมลผมคือ${MASKS.email}ครับ`);
  });

  test('Thai phone numbers in their usual forms', () => {
    for (const phone of ['081-234-5678', '0812345678', '081 234 5678', '02-123-4567', '038-123456', '+66 81 234 5678', '+66812345678', '๐๘๑-๒๓๔-๕๖๗๘']) {
      expect(maskPersonalData(`โทรหาหนูที่ ${phone} นะคะ`)).toBe(`โทรหาหนูที่ ${MASKS.phone} นะคะ`);
    }
    expect(maskPersonalData('เบอร์0891234567ค่ะ')).toBe(`เบอร์${MASKS.phone}ค่ะ`);
  });

  test('13-digit ID numbers, plain or grouped, Arabic or Thai digits', () => {
    for (const id of ['1103700012345', '1-1037-00012-34-5', '1 1037 00012 34 5', '๑๑๐๓๗๐๐๐๑๒๓๔๕']) {
      expect(maskPersonalData(`เลขบัตรประชาชน ${id} ลงทะเบียนไม่ได้`)).toBe(`เลขบัตรประชาชน ${MASKS.idNumber} ลงทะเบียนไม่ได้`);
    }
  });

  test('leaves regulation numbers, years, times and amounts alone', () => {
    const text = 'ตามข้อ ๑๒ ของระเบียบ พ.ศ. 2567 ลาป่วยเกิน 3 วัน ค่าปรับ 1,500 บาท เวลา 08.30-16.30 น. รหัสวิชา 01418111';
    expect(maskPersonalData(text)).toBe(text);
  });

  test('a longer digit run is not half-masked as a phone number', () => {
    expect(maskPersonalData('เลขอ้างอิง 012345678901234567')).toBe('เลขอ้างอิง 012345678901234567');
  });

  test('several at once', () => {
    expect(maskPersonalData('ผม a@b.co โทร 0612345678 บัตร 3-1001-00123-45-6')).toBe(`ผม ${MASKS.email} โทร ${MASKS.phone} บัตร ${MASKS.idNumber}`);
  });
});
