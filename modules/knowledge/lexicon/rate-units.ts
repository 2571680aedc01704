// Units a rate is asked per that documents write with another word. A rate per person is asked per head in speech
// (หัวละ, as English says "per head") and written per person in notices and tables (คนละ, ต่อคน, บาท/คน), or per
// ท่าน in a formal one (ค่าลงทะเบียนท่านละ ๕๐๐ บาท). Source: Thai usage as read in the eval libraries' fee tables
// (real_dev ssru fms 1.pdf writes "200 บาท/คน/มื้อ") and notices; not a dictionary entry. Kept apart from the
// synonym list (question/synonym-list.ts): these words are one unit only after ละ, ต่อ or a slash (หัว is a head
// and ท่าน a pronoun anywhere else).

/** Each inner list: the words one unit of a rate is written with. */
export const RATE_UNITS: readonly (readonly string[])[] = [['คน', 'หัว', 'ท่าน']];

/** The other words a rate per `unit` is written with (none for a unit not listed). */
export function rateUnitWordings(unit: string): readonly string[] {
  return RATE_UNITS.find((group) => group.includes(unit))?.filter((u) => u !== unit) ?? [];
}
