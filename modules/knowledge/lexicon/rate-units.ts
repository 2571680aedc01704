// Units a rate is asked per that documents write with another word. A rate per person is asked per head in speech
// (หัวละ, as English says "per head") and written per person in notices and tables (คนละ, ต่อคน, บาท/คน), or per
// ท่าน in a formal one (ค่าลงทะเบียนท่านละ ๕๐๐ บาท). A rate per year is asked ปีละ and written per academic or fiscal
// year (ปีการศึกษาละ ๑ ทุน, ปีงบประมาณละ); per term asked เทอมละ, written per semester (ภาคการศึกษาละ, ภาคเรียนละ).
// Source: Thai usage as read in the eval libraries' fee tables (real_dev ssru fms 1.pdf writes "200 บาท/คน/มื้อ")
// and notices (real_dev sut EDoc_best.pdf: "ปีการศึกษาละ ๑ ทุน"); not a dictionary entry. Kept apart from the
// synonym list (question/synonym-list.ts): these words are one unit only after ละ, ต่อ or a slash (หัว is a head
// and ท่าน a pronoun anywhere else, and ปี is not always an academic year). A passage stating no rate in any wording of
// the unit a question asks per reads noRate (scoring/off-question.ts). Searching a question in the other wordings too
// ("ปีละ" also as "ปีการศึกษาละ") was measured and not kept (scripts/eval/data/README.md, 6 Dec 2026).

/** Each inner list: the words one unit of a rate is written with. */
export const RATE_UNITS: readonly (readonly string[])[] = [
  ['คน', 'หัว', 'ท่าน'],
  ['ปี', 'ปีการศึกษา', 'ปีงบประมาณ'],
  ['เทอม', 'ภาค', 'ภาคการศึกษา', 'ภาคเรียน'],
];

/** The other words a rate per `unit` is written with (none for a unit not listed). */
export function rateUnitWordings(unit: string): readonly string[] {
  return RATE_UNITS.find((group) => group.includes(unit))?.filter((u) => u !== unit) ?? [];
}
