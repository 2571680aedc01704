// Thailand's 77 provinces (76 จังหวัด and กรุงเทพมหานคร) with their common English spellings, so a brief
// saying "จ.น่าน", "ที่น่าน" or "in Nan" keeps its province. A reviewed list, not a guess.
import escapeStringRegexp from 'escape-string-regexp';
export const PROVINCES: Array<[thai: string, english: string[]]> = [
  ['กรุงเทพมหานคร', ['bangkok']],
  ['กระบี่', ['krabi']],
  ['กาญจนบุรี', ['kanchanaburi']],
  ['กาฬสินธุ์', ['kalasin']],
  ['กำแพงเพชร', ['kamphaeng phet']],
  ['ขอนแก่น', ['khon kaen']],
  ['จันทบุรี', ['chanthaburi']],
  ['ฉะเชิงเทรา', ['chachoengsao']],
  ['ชลบุรี', ['chonburi', 'chon buri']],
  ['ชัยนาท', ['chai nat', 'chainat']],
  ['ชัยภูมิ', ['chaiyaphum']],
  ['ชุมพร', ['chumphon']],
  ['เชียงราย', ['chiang rai']],
  ['เชียงใหม่', ['chiang mai']],
  ['ตรัง', ['trang']],
  ['ตราด', ['trat']],
  ['ตาก', ['tak']],
  ['นครนายก', ['nakhon nayok']],
  ['นครปฐม', ['nakhon pathom']],
  ['นครพนม', ['nakhon phanom']],
  ['นครราชสีมา', ['nakhon ratchasima', 'korat']],
  ['นครศรีธรรมราช', ['nakhon si thammarat']],
  ['นครสวรรค์', ['nakhon sawan']],
  ['นนทบุรี', ['nonthaburi']],
  ['นราธิวาส', ['narathiwat']],
  ['น่าน', ['nan']],
  ['บึงกาฬ', ['bueng kan']],
  ['บุรีรัมย์', ['buriram', 'buri ram']],
  ['ปทุมธานี', ['pathum thani']],
  ['ประจวบคีรีขันธ์', ['prachuap khiri khan']],
  ['ปราจีนบุรี', ['prachinburi', 'prachin buri']],
  ['ปัตตานี', ['pattani']],
  ['พระนครศรีอยุธยา', ['ayutthaya', 'phra nakhon si ayutthaya']],
  ['พะเยา', ['phayao']],
  ['พังงา', ['phang nga']],
  ['พัทลุง', ['phatthalung']],
  ['พิจิตร', ['phichit']],
  ['พิษณุโลก', ['phitsanulok']],
  ['เพชรบุรี', ['phetchaburi']],
  ['เพชรบูรณ์', ['phetchabun']],
  ['แพร่', ['phrae']],
  ['ภูเก็ต', ['phuket']],
  ['มหาสารคาม', ['maha sarakham']],
  ['มุกดาหาร', ['mukdahan']],
  ['แม่ฮ่องสอน', ['mae hong son']],
  ['ยโสธร', ['yasothon']],
  ['ยะลา', ['yala']],
  ['ร้อยเอ็ด', ['roi et']],
  ['ระนอง', ['ranong']],
  ['ระยอง', ['rayong']],
  ['ราชบุรี', ['ratchaburi']],
  ['ลพบุรี', ['lopburi', 'lop buri']],
  ['ลำปาง', ['lampang']],
  ['ลำพูน', ['lamphun']],
  ['เลย', ['loei']],
  ['ศรีสะเกษ', ['sisaket', 'si sa ket']],
  ['สกลนคร', ['sakon nakhon']],
  ['สงขลา', ['songkhla']],
  ['สตูล', ['satun']],
  ['สมุทรปราการ', ['samut prakan']],
  ['สมุทรสงคราม', ['samut songkhram']],
  ['สมุทรสาคร', ['samut sakhon']],
  ['สระแก้ว', ['sa kaeo']],
  ['สระบุรี', ['saraburi']],
  ['สิงห์บุรี', ['sing buri', 'singburi']],
  ['สุโขทัย', ['sukhothai']],
  ['สุพรรณบุรี', ['suphanburi', 'suphan buri']],
  ['สุราษฎร์ธานี', ['surat thani']],
  ['สุรินทร์', ['surin']],
  ['หนองคาย', ['nong khai']],
  ['หนองบัวลำภู', ['nong bua lamphu']],
  ['อ่างทอง', ['ang thong']],
  ['อำนาจเจริญ', ['amnat charoen']],
  ['อุดรธานี', ['udon thani']],
  ['อุตรดิตถ์', ['uttaradit']],
  ['อุทัยธานี', ['uthai thani']],
  ['อุบลราชธานี', ['ubon ratchathani']],
];

/** Short names people use for a province. */
const ALIASES: Record<string, string> = {
  กรุงเทพ: 'กรุงเทพมหานคร',
  กทม: 'กรุงเทพมหานคร',
  'กทม.': 'กรุงเทพมหานคร',
  อยุธยา: 'พระนครศรีอยุธยา',
  โคราช: 'นครราชสีมา',
  อุบล: 'อุบลราชธานี',
  อุดร: 'อุดรธานี',
  สุราษฎร์: 'สุราษฎร์ธานี',
};

// Province names that are also everyday words ("เลย" = at all, "ตาก" = to dry, "แพร่" = to spread):
// only taken after จังหวัด / จ. so "ไปเลย" is not Loei.
const EVERYDAY_WORDS = new Set(['เลย', 'ตาก', 'แพร่', 'ตรัง', 'ตราด']);

const THAI_NAMES = [...PROVINCES.map(([th]) => th), ...Object.keys(ALIASES)].sort((a, b) => b.length - a.length);
const AFTER_LABEL = new RegExp(`(?:จังหวัด|จ\\.)\\s*(${THAI_NAMES.map(escapeStringRegexp).join('|')})`);
const BARE = new RegExp(
  `(${THAI_NAMES.filter((n) => !EVERYDAY_WORDS.has(n))
    .map(escapeStringRegexp)
    .join('|')})`,
);
const ENGLISH = PROVINCES.flatMap(([th, en]) => en.map((e) => [e, th] as const)).sort((a, b) => b[0].length - a[0].length);

const official = (name: string) => ALIASES[name] ?? name;

/** The province a brief names (official Thai name), or null. */
export function findProvince(text: string): string | null {
  const t = text.normalize('NFC');
  const labelled = AFTER_LABEL.exec(t);
  if (labelled) return official(labelled[1]);
  const bare = BARE.exec(t);
  if (bare) return official(bare[1]);
  const lower = t.toLowerCase();
  for (const [en, th] of ENGLISH) if (new RegExp(`(^|[^a-z])${en}([^a-z]|$)`).test(lower)) return th;
  return null;
}

/** "จังหวัดน่าน" (Bangkok is not a จังหวัด). */
export function provinceLabel(name: string): string {
  return name === 'กรุงเทพมหานคร' ? name : `จังหวัด${name}`;
}
