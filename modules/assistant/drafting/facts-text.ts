// A brief's facts written the official way: Thai numerals, Buddhist-era dates, ranges as
// "๑๕ – ๑๗ มกราคม ๒๕๖๘", amounts with their words. Null when the brief did not say.
import type { BriefFacts, DateSpan } from './brief';
import { provinceLabel } from './provinces';
import { bahtText, formatThaiAmount, formatThaiDate, THAI_MONTHS, thaiNumerals, toThaiDigits } from './thai';

export function rangeText(s: DateSpan): string {
  const { start, end } = s;
  if (!end) return formatThaiDate(start);
  if (start.yearBE === end.yearBE && start.month === end.month) return `${toThaiDigits(start.day)} – ${formatThaiDate(end)}`;
  if (start.yearBE === end.yearBE) return `${toThaiDigits(start.day)} ${THAI_MONTHS[start.month - 1]} – ${formatThaiDate(end)}`;
  return `${formatThaiDate(start)} – ${formatThaiDate(end)}`;
}

/** "ระหว่างวันที่ ๑๕ – ๑๗ มกราคม ๒๕๖๘" or "วันที่ ๒ มีนาคม ๒๕๖๘". */
export function whenText(f: BriefFacts): string | null {
  if (!f.dates) return null;
  return `${f.dates.end ? 'ระหว่างวันที่' : 'วันที่'} ${rangeText(f.dates)}`;
}

export function timeText(f: BriefFacts): string | null {
  if (!f.time) return null;
  return `เวลา ${toThaiDigits(f.time.start)}${f.time.end ? ` – ${toThaiDigits(f.time.end)}` : ''} น.`;
}

/** The venue with its province, once ("โรงเรียนบ้านห้วยแก้ว จังหวัดน่าน"). */
export function placeText(f: BriefFacts): string | null {
  const province = f.province ? provinceLabel(f.province) : null;
  if (!f.venue) return province;
  const venue = thaiNumerals(f.venue);
  if (!province || f.venue.includes(f.province!)) return venue;
  return `${venue} ${province}`;
}

export function moneyText(amount: number): string {
  return `${formatThaiAmount(amount)} บาท (${bahtText(amount)})`;
}

export function participantsText(f: BriefFacts): string | null {
  if (!f.participants) return null;
  return `${f.target ? thaiNumerals(f.target) : 'ผู้เข้าร่วม'} จำนวน ${toThaiDigits(f.participants.toLocaleString('en-US'))} คน`;
}
