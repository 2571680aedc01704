// Briefs written the way students write them (short, messy, Thai and English mixed), each with the
// facts a draft must carry. Only the named keys are checked; a key set to null must stay unknown.
import { describe, expect, test } from 'bun:test';
import { readBrief, type BriefFacts } from './brief';
import { PROVINCES, findProvince } from './provinces';

const NOW = new Date('2024-11-20T03:00:00Z'); // 20 Nov 2567 in Bangkok: a year-less "15 ม.ค." is January 2568

const day = (d: { day: number; month: number; yearBE: number }) => `${d.day}/${d.month}/${d.yearBE}`;

function summary(f: BriefFacts) {
  return {
    name: f.projectName,
    subject: f.subject,
    recipient: f.recipient,
    org: f.organisation,
    faculty: f.faculty,
    phone: f.phone,
    when: f.dates ? day(f.dates.start) + (f.dates.end ? `-${day(f.dates.end)}` : '') : null,
    vague: f.vagueDate,
    time: f.time ? f.time.start + (f.time.end ? `-${f.time.end}` : '') : null,
    venue: f.venue,
    province: f.province,
    participants: f.participants,
    target: f.target,
    budget: f.budget,
    items: f.budgetItems.map((i) => `${i.item}=${i.amount}`),
    people: f.people.map((p) => (p.position ? `${p.name}|${p.position}` : p.name)),
    purpose: (f.purposes[0] as string | undefined) ?? null,
    reason: f.reason,
    sdgs: f.sdgsNamed.length ? f.sdgsNamed : f.sdgsInferred,
  };
}
type Expect = Partial<ReturnType<typeof summary>>;

const BRIEFS: Array<[string, Expect]> = [
  ['ค่ายอาสา 15-17 ม.ค. 68 ที่น่าน 100 คน งบ 30,000', { when: '15/1/2568-17/1/2568', province: 'น่าน', participants: 100, budget: 30000 }],
  [
    'ขออนุมัติโครงการค่ายอาสาพัฒนาชนบท วันที่ ๑๕ ถึง ๑๗ มกราคม ๒๕๖๘ ณ โรงเรียนบ้านห้วยแก้ว จังหวัดน่าน',
    {
      name: 'ค่ายอาสาพัฒนาชนบท',
      budget: null,
      items: [],
      when: '15/1/2568-17/1/2568',
      venue: 'โรงเรียนบ้านห้วยแก้ว',
      province: 'น่าน',
      subject: 'ขออนุมัติโครงการค่ายอาสาพัฒนาชนบท',
    },
  ],
  [
    'ทำโครงการปลูกป่าปลายเดือนนี้ ที่อุทยานแห่งชาติดอยสุเทพ งบ 5 หมื่น',
    { name: 'ปลูกป่า', when: null, vague: 'ปลายเดือนนี้', venue: 'อุทยานแห่งชาติดอยสุเทพ', budget: 50000, sdgs: [15] },
  ],
  [
    'ช่วยเขียนโครงการ "รักษ์ทะเลไทย" เก็บขยะชายหาด 2 มี.ค. 2025 หาดบางแสน จ.ชลบุรี 60 คน budget 12k',
    { name: 'รักษ์ทะเลไทย', when: '2/3/2568', province: 'ชลบุรี', participants: 60, budget: 12000, sdgs: [12, 14] },
  ],
  [
    'memo ขออนุมัติใช้ห้องประชุม 301 วันที่ 5/12/2567 เวลา 13.00-16.00 น. เรียน คณบดีคณะวิทยาศาสตร์',
    { when: '5/12/2567', time: '13.00-16.00', recipient: 'คณบดีคณะวิทยาศาสตร์', subject: 'ขออนุมัติใช้ห้องประชุม' },
  ],
  [
    'ชมรมถ่ายภาพจะจัดอบรมถ่ายภาพเบื้องต้น 20 ธ.ค. 67 9:00-12:00 ห้อง 4201 ผู้เข้าร่วม 40 คน ไม่มีงบ',
    { org: 'ชมรมถ่ายภาพ', when: '20/12/2567', time: '09.00-12.00', participants: 40, budget: null },
  ],
  [
    'สโมสรนักศึกษาคณะวิศวกรรมศาสตร์ ขอจัดกีฬาสีคณะ 10-11 ก.พ. 2568 สนามกีฬากลาง งบประมาณ 1.5 แสนบาท นศ. 800 คน',
    { org: 'สโมสรนักศึกษาคณะวิศวกรรมศาสตร์', faculty: 'คณะวิศวกรรมศาสตร์', when: '10/2/2568-11/2/2568', budget: 150000, participants: 800 },
  ],
  [
    'proposal: beach clean-up at Hat Chao Samran, Phetchaburi, Jan 25-26, 2025, 50 students, budget 20,000 baht',
    { when: '25/1/2568-26/1/2568', province: 'เพชรบุรี', participants: 50, budget: 20000, sdgs: [14], people: [] },
  ],
  [
    'ร่างบันทึกข้อความ แจ้งประชุมกรรมการชมรมดนตรีสากล วันพุธที่ 4 ธันวาคม 2567 เวลา 17.30 น. ห้อง SC-201 ลงชื่อ นายภูมิ ศรีสุข ประธานชมรมดนตรีสากล',
    { subject: 'แจ้งประชุมกรรมการชมรมดนตรีสากล', org: 'ชมรมดนตรีสากล', when: '4/12/2567', time: '17.30', people: ['นายภูมิ ศรีสุข|ประธานชมรมดนตรีสากล'] },
  ],
  [
    'โครงการติวน้องสอนหนังสือเด็กดอย 3 วัน 28-30 มี.ค. 68 บ้านแม่กลางหลวง อ.จอมทอง จ.เชียงใหม่ นศ.30 คน ค่าเดินทาง 9,000 ค่าอาหาร 6,000 ค่าวัสดุ 3,000',
    {
      name: 'ติวน้องสอนหนังสือเด็กดอย',
      when: '28/3/2568-30/3/2568',
      province: 'เชียงใหม่',
      participants: 30,
      budget: 18000,
      items: ['ค่าเดินทาง=9000', 'ค่าอาหาร=6000', 'ค่าวัสดุ=3000'],
      sdgs: [4],
    },
  ],
  ['อยากได้โครงการบริจาคโลหิต ร่วมกับสภากาชาดไทย 14 Feb 2025 ลานกิจกรรม 200 คน', { when: '14/2/2568', participants: 200, sdgs: [3] }],
  ['งบ 3 หมื่น คน 100 ค่ายวิทย์ มีนา 68', { budget: 30000, participants: 100 }],
  [
    'เขียนโครงการให้หน่อย ธนาคารอาหารชุมชน งบราว 8k ผู้เข้าร่วมประมาณ 25 คน ที่ชุมชนบ้านหนองบัว',
    { name: 'ธนาคารอาหารชุมชน', budget: 8000, participants: 25, venue: 'ชุมชนบ้านหนองบัว', sdgs: [2] },
  ],
  [
    'ขออนุญาตใช้รถตู้มหาวิทยาลัย 2 คัน ไปจังหวัดลำปาง 7-8 ธ.ค. 2567 เรียน ผู้อำนวยการกองกลาง',
    // what is asked for keeps its count
    { subject: 'ขออนุญาตใช้รถตู้มหาวิทยาลัย 2 คัน', province: 'ลำปาง', when: '7/12/2567-8/12/2567', recipient: 'ผู้อำนวยการกองกลาง' },
  ],
  [
    'SDG 4 และ 10 โครงการห้องสมุดเคลื่อนที่เพื่อเด็กด้อยโอกาส 1 พ.ค. 2568 งบ 15,000 บาท',
    { name: 'ห้องสมุดเคลื่อนที่', sdgs: [4, 10], when: '1/5/2568', budget: 15000, purpose: 'เพื่อเด็กด้อยโอกาส' },
  ],
  ['ชมรมอนุรักษ์ฯ ทำฝายชะลอน้ำ ต้นเดือนหน้า แถวแม่ริม เชียงใหม่ 80 คน', { vague: 'ต้นเดือนหน้า', province: 'เชียงใหม่', participants: 80, sdgs: [6, 15] }],
  [
    'ร่างบันทึกถึงรองอธิการบดีฝ่ายกิจการนักศึกษา ขอเบิกเงินยืมทดรองจ่าย 25,000 บาท สำหรับโครงการค่ายอาสา',
    { recipient: 'รองอธิการบดีฝ่ายกิจการนักศึกษา', budget: 25000, subject: 'ขอเบิกเงินยืมทดรองจ่าย' },
  ],
  [
    'โครงการ Green Campus Run 2025 วิ่งรณรงค์ลดคาร์บอน 9 Mar 2025 6.00-9.00 รอบมหาวิทยาลัย 500 people งบ 45,000 THB',
    // the edition's year after a Latin name is part of it
    { name: 'Green Campus Run 2025', when: '9/3/2568', time: '06.00-09.00', participants: 500, budget: 45000, sdgs: [3, 13] },
  ],
  [
    'ค่ายเยาวชนรักษ์ป่าชายเลน 12–14 เมษายน 2568 ณ ศูนย์ศึกษาธรรมชาติป่าชายเลน จ.ระยอง นักเรียนมัธยม 60 คน งบ 50000',
    { when: '12/4/2568-14/4/2568', venue: 'ศูนย์ศึกษาธรรมชาติป่าชายเลน', province: 'ระยอง', participants: 60, budget: 50000, target: 'นักเรียนมัธยม', sdgs: [14] },
  ],
  [
    'workshop hackathon 48 ชม. 22-23 Feb 68 ตึก IT ผู้เข้าร่วม: 120 คน ผู้ประสานงาน น.ส.พิมพ์ชนก แก้วใส',
    { when: '22/2/2568-23/2/2568', participants: 120, people: ['น.ส.พิมพ์ชนก แก้วใส|ผู้ประสานงาน'], sdgs: [9] },
  ],
  [
    'ผู้รับผิดชอบ นายธนากร มั่นคง (นายกองค์การนักศึกษา) อาจารย์ที่ปรึกษา ผศ.ดร.วิไล ศรีงาม',
    { people: ['นายธนากร มั่นคง|นายกองค์การนักศึกษา', 'ผศ.ดร.วิไล ศรีงาม|อาจารย์ที่ปรึกษา'], org: 'องค์การนักศึกษา' },
  ],
  [
    'ช่วยร่างโครงการอบรมปฐมพยาบาลเบื้องต้น เพื่อให้นักศึกษาช่วยเหลือผู้บาดเจ็บได้ถูกวิธี 18 มกราคม 2568',
    { name: 'อบรมปฐมพยาบาลเบื้องต้น', purpose: 'เพื่อให้นักศึกษาช่วยเหลือผู้บาดเจ็บได้ถูกวิธี', when: '18/1/2568', sdgs: [3] },
  ],
  ['อบรม zero waste ในหอพัก 30 ม.ค. เวลา 18:00 ผู้เข้าร่วม 45 ท่าน', { when: '30/1/2568', time: '18.00', participants: 45, sdgs: [12] }],
  ['ขอความอนุเคราะห์ใช้หอประชุมใหญ่ วันที่ 9 ก.ย. 2568 โทร 081-234-5678', { subject: 'ขอความอนุเคราะห์ใช้หอประชุมใหญ่', when: '9/9/2568', phone: '081-234-5678' }],
  [
    'ส่วนราชการ สภานักศึกษา โทร. 0 5394 1234 ที่ อว 8393.1/125 เรื่อง ขอเชิญประชุมสภานักศึกษาสมัยสามัญ',
    { org: 'สภานักศึกษา', phone: '0 5394 1234', subject: 'ขอเชิญประชุมสภานักศึกษาสมัยสามัญ' },
  ],
  ['วิ่งการกุศล 5K วันอาทิตย์ 16 ก.พ. 25 เงินรายได้มอบโรงพยาบาล งบสองหมื่นบาท', { when: '16/2/2568', budget: 20000 }],
  [
    'party ปีใหม่ชมรม 27 Dec 2024 at Student Center, 70 pax, 10,500 baht',
    { org: null, when: '27/12/2567', venue: 'Student Center', participants: 70, budget: 10500 },
  ],
  [
    'โครงการเสริมสร้างความเท่าเทียมทางเพศในรั้วมหาวิทยาลัย 6 มีนาคม 2568 เพื่อสร้างความเข้าใจเรื่องความหลากหลายทางเพศ',
    { name: 'เสริมสร้างความเท่าเทียมทางเพศในรั้วมหาวิทยาลัย', sdgs: [5], purpose: 'เพื่อสร้างความเข้าใจเรื่องความหลากหลายทางเพศ' },
  ],
  [
    'ทัศนศึกษาโรงไฟฟ้าพลังงานแสงอาทิตย์ ลพบุรี 1 วัน 20/2/68 นศ.ปี 2 จำนวน 45 คน ค่ารถ 12,000 บาท',
    { people: [], province: 'ลพบุรี', when: '20/2/2568', participants: 45, budget: 12000, sdgs: [7] },
  ],
  ['ตลาดนัดผลิตภัณฑ์ชุมชน ส่งเสริมอาชีพ OTOP 1-3 ส.ค. 68 ลานหน้าหอสมุด งบ 40k', { when: '1/8/2568-3/8/2568', budget: 40000, sdgs: [8] }],
  [
    'memo to the dean: request approval for Robotics Club trip to Khon Kaen, 5 students, 3,200 baht',
    // an English request names the activity and gets the Thai subject a memo writes
    {
      recipient: 'คณบดี',
      province: 'ขอนแก่น',
      participants: 5,
      budget: 3200,
      org: 'Robotics Club',
      name: 'Robotics Club trip',
      subject: 'ขออนุมัติจัดโครงการ Robotics Club trip',
    },
  ],
  ['กิจกรรมต้านทุจริต “โตไปไม่โกง” 11 ธ.ค. 2567 ห้องประชุมชั้น 5 ผู้เข้าร่วม 150 คน SDGs 16', { name: 'โตไปไม่โกง', when: '11/12/2567', participants: 150, sdgs: [16] }],
  [
    'ค่ายพี่สอนน้อง เนื่องจากโรงเรียนในพื้นที่ขาดครูวิทยาศาสตร์ จึงจัดค่ายที่โรงเรียนบ้านป่าตึง จ.เชียงราย 2-4 พ.ค. 2025',
    { name: 'ค่ายพี่สอนน้อง', reason: 'เนื่องจากโรงเรียนในพื้นที่ขาดครูวิทยาศาสตร์', province: 'เชียงราย', when: '2/5/2568-4/5/2568', venue: 'โรงเรียนบ้านป่าตึง' },
  ],
  ['ประชุมใหญ่สามัญประจำปี 30 ธ.ค. 67 - 2 ม.ค. 68 ที่เกาะล้าน', { when: '30/12/2567-2/1/2568', venue: 'เกาะล้าน' }],
  ['สัมมนาผู้นำนักศึกษา 2568 งบ 1 แสน ไปกาญจนบุรี', { budget: 100000, province: 'กาญจนบุรี', when: null }],
  ['แจ้งผลการเลือกตั้งนายกองค์การนักศึกษา ประจำปี 2568 เรียน อธิการบดี', { subject: 'แจ้งผลการเลือกตั้งนายกองค์การนักศึกษา ประจำปี 2568', recipient: 'อธิการบดี', sdgs: [16] }],
  [
    'โครงการสร้างห้องน้ำให้โรงเรียนตชด. ที่ อ.อุ้มผาง จ.ตาก วันที่ 10-14 มิถุนายน 2568 งบประมาณทั้งสิ้น 85,000 บาท',
    { name: 'สร้างห้องน้ำให้โรงเรียนตชด', province: 'ตาก', when: '10/6/2568-14/6/2568', budget: 85000, sdgs: [6], people: [] },
  ],
  ['ไปเลยครับ อยากจัดงานดนตรีในสวน 5 ม.ค.', { province: null, when: '5/1/2568' }],
  ['ช่วยเขียนโครงการค่ายภาษาอังกฤษ English camp for kids, Mae Hong Son, April 2025', { province: 'แม่ฮ่องสอน', name: 'ค่ายภาษาอังกฤษ English camp for kids' }],
  [
    'ขอใช้สนามฟุตบอลจัดแข่งขันฟุตบอลประเพณี 15 ก.พ. 2568 8.30-17.00 น. เรียน ผู้อำนวยการสำนักกีฬา ลงชื่อ นางสาวสุดา ใจงาม เลขานุการสโมสรนักศึกษา',
    { subject: 'ขอใช้สนามฟุตบอลจัดแข่งขันฟุตบอลประเพณี', time: '08.30-17.00', recipient: 'ผู้อำนวยการสำนักกีฬา', people: ['นางสาวสุดา ใจงาม|เลขานุการสโมสรนักศึกษา'] },
  ],
  ['ทำบุญตักบาตรปีใหม่ 2 ม.ค. 2568 07.00 น. ลานอเนกประสงค์ กทม.', { when: '2/1/2568', province: 'กรุงเทพมหานคร' }],
  ['ปลูกต้นไม้ 1,000 ต้น 5 มิ.ย. 68 วันสิ่งแวดล้อมโลก ผู้เข้าร่วม 300 คน งบประมาณ ๒๕,๐๐๐ บาท', { when: '5/6/2568', participants: 300, budget: 25000, sdgs: [15] }],
  ['15/1/68 - 17/1/68 ค่าใช้จ่าย 30000 บ.', { when: '15/1/2568-17/1/2568', budget: 30000 }],
  ['จำนวน 3 วัน 2 คืน ผู้เข้าร่วม 80 คน งบประมาณ 30,000.- บาท', { participants: 80, budget: 30000 }],
  [
    'เรียน ผู้อำนวยการกองพัฒนานักศึกษา\nเรื่อง ขออนุมัติจัดโครงการ\nด้วยชมรมพุทธศาสตร์ มีความประสงค์จะจัดโครงการบวชเนกขัมมะ',
    { name: 'บวชเนกขัมมะ', subject: 'ขออนุมัติจัดโครงการบวชเนกขัมมะ', recipient: 'ผู้อำนวยการกองพัฒนานักศึกษา', org: 'ชมรมพุทธศาสตร์' },
  ],
  [
    'Tutoring project for kids at Ban Nong Khai school, 10-12 March 2025, 20 volunteers, 5,000 THB',
    { when: '10/3/2568-12/3/2568', participants: 20, budget: 5000, province: 'หนองคาย', sdgs: [4] },
  ],
  [
    'อยากขอจัดโครงการคอนเสิร์ตการกุศล วันศุกร์ที่ 7 ก.พ. 2568 18.00-22.00 น. ลานหน้าตึกกิจกรรม ขายบัตรรายได้มอบมูลนิธิ',
    { name: 'คอนเสิร์ตการกุศล', venue: 'ลานหน้าตึกกิจกรรม', time: '18.00-22.00', when: '7/2/2568' },
  ],
  [
    'ม.ค. 15-17 ชมรมพุทธศาสตร์และศีลธรรม จะจัดค่ายธรรมะ ที่วัดป่าดาราภิรมย์ จ.เชียงใหม่',
    { when: '15/1/2568-17/1/2568', name: 'ค่ายธรรมะ', venue: 'วัดป่าดาราภิรมย์', province: 'เชียงใหม่', org: 'ชมรมพุทธศาสตร์และศีลธรรม' },
  ],
  ['ส่วนราชการ กองพัฒนานักศึกษา โทร. 1234 เรื่อง ขอใช้รถตู้', { org: 'กองพัฒนานักศึกษา', phone: '1234', subject: 'ขอใช้รถตู้' }],
  ['โครงการอบรม Smart Farming ให้เกษตรกร ร่วมกับวิสาหกิจชุมชนบ้านดง นครราชสีมา', { name: 'อบรม Smart Farming ให้เกษตรกร', province: 'นครราชสีมา', sdgs: [2, 8, 9] }],
  // the addressee ends at the proposer's label; a numbered room keeps its number and building (อาคารเรียนรวม)
  [
    'ช่วยร่างบันทึกข้อความขออนุมัติจัดโครงการอบรมการปฐมพยาบาลเบื้องต้น ของชมรมอาสาพัฒนา วันที่ 15 มกราคม 2570 ที่ห้องประชุม 3 อาคารเรียนรวม ผู้เข้าร่วม 60 คน งบประมาณ 12,000 บาท เรียน คณบดีคณะวิทยาศาสตร์ ผู้เสนอ นายสมชาย ใจดี ประธานชมรม',
    { recipient: 'คณบดีคณะวิทยาศาสตร์', venue: 'ห้องประชุม 3 อาคารเรียนรวม', participants: 60, budget: 12000, people: ['นายสมชาย ใจดี|ประธานชมรม'] },
  ],
  ['ประชุมชมรม ณ ห้อง 201 อาคาร 5 วันที่ 25 พ.ย. 2567', { venue: 'ห้อง 201 อาคาร 5' }],
  // places that are not buildings: a mangrove forest, a company
  [
    'ร่างโครงการปลูกป่าชายเลน ชมรมรักษ์โลก วันที่ 20 ก.พ. 2568 ที่ป่าชายเลนบางปู สมุทรปราการ นักศึกษา 40 คน งบ 15,000 บาท',
    { venue: 'ป่าชายเลนบางปู', province: 'สมุทรปราการ', participants: 40 },
  ],
  ['ขอความอนุเคราะห์รถบัส 2 คัน ไปศึกษาดูงานที่บริษัท ปตท. จำกัด (มหาชน) จ.ระยอง นักศึกษาปี 3 จำนวน 80 คน', { venue: 'บริษัท ปตท', province: 'ระยอง', participants: 80 }],
  // what a memo asks to use is where it happens; what is held there is not part of its name
  ['อยากได้บันทึกข้อความขอใช้หอประชุมใหญ่ วันศุกร์ที่ 12 ธ.ค. 67 จัดงานไหว้ครู เรียนอธิการบดี', { subject: 'ขอใช้หอประชุมใหญ่', venue: 'หอประชุมใหญ่', recipient: 'อธิการบดี' }],
  ['ขอใช้สนามฟุตบอลจัดแข่งขันฟุตบอลประเพณี 15 ก.พ. 2568', { venue: 'สนามฟุตบอล' }],
  // a year before the count of students is no count; a cost item's amount label is not its name
  ['ค่ายอาสา ที่บ้านห้วยน้ำริน อ.สะเมิง จ.เชียงใหม่ 10-14 มี.ค. 2568 นศ. 50 คน', { participants: 50, when: '10/3/2568-14/3/2568' }],
  ['บันทึกข้อความ เรื่อง ขอเบิกเงินค่าอาหารโครงการกีฬาสัมพันธ์ จำนวน 5,600 บาท', { items: ['ค่าอาหารโครงการกีฬาสัมพันธ์=5600'], budget: 5600 }],
  // เรียน glued to the word before it still names the addressee; an industrial estate is a place
  [
    'ทำบันทึกข้อความเรียนคณบดีคณะวิศวกรรมศาสตร์ ขอความอนุเคราะห์รถตู้ 2 คัน พานักศึกษา 20 คน ไปดูงานที่นิคมอุตสาหกรรมอมตะนคร จ.ชลบุรี',
    { recipient: 'คณบดีคณะวิศวกรรมศาสตร์', venue: 'นิคมอุตสาหกรรมอมตะนคร', province: 'ชลบุรี', participants: 20 },
  ],
  // a numbered room named without ที่/ณ is read whole, not from its building on
  ['ขอเชิญวิทยากร วันพุธที่ 14 ม.ค. 2570 เวลา 13.00-15.00 น. ห้อง 301 อาคารเรียนรวม ผู้ฟัง 80 คน', { venue: 'ห้อง 301 อาคารเรียนรวม' }],
  // who organises it ("จัดโดย", "by the … Club") is not part of the name
  ['อยากได้ร่างโครงการอบรมปฐมพยาบาลเบื้องต้นและ CPR ให้นักศึกษาหอพัก จัดโดยชมรมรักษ์สุขภาพ วันเสาร์ 30 ม.ค. 70', { name: 'อบรมปฐมพยาบาลเบื้องต้นและ CPR ให้นักศึกษาหอพัก' }],
  ['proposal: Green Campus Recycling Drive by the Environment Club, 5-6 March 2027', { name: 'Green Campus Recycling Drive' }],
  // "ให้หน่อย ชื่อ …": the name after both; a Latin name of several words ends where the Thai account of it begins
  ['ร่างโครงการให้หน่อย ชื่อ Code for Kids สอนเขียนโปรแกรม Scratch ให้นักเรียน ป.5-6', { name: 'Code for Kids' }],
  // a loan of several things keeps each with its count; what they are used in is the purpose
  [
    'ขอความอนุเคราะห์ยืมเต็นท์ 10 หลัง โต๊ะ 20 ตัว และเก้าอี้ 100 ตัว ใช้ในงานวันเด็ก 10 ม.ค. 68 ที่ลานหน้าหอสมุด',
    { subject: 'ขอความอนุเคราะห์ยืมเต็นท์ 10 หลัง โต๊ะ 20 ตัว และเก้าอี้ 100 ตัว', purpose: 'เพื่อใช้ในงานวันเด็ก' },
  ],
  // a subject ends before the club that asks, where a thing is borrowed from, and a past activity's clause
  ['บันทึกขอยืมเครื่องเสียง จากงานโสตทัศนูปกรณ์ ชมรมนาฏศิลป์', { subject: 'ขอยืมเครื่องเสียง' }],
  ['ขออนุมัติเบิกค่าใช้จ่ายโครงการวันภาษาไทย ที่จัดไปแล้วเมื่อ 26 ก.ค. 67 เป็นเงิน 18,750 บาท', { subject: 'ขออนุมัติเบิกค่าใช้จ่ายโครงการวันภาษาไทย', budget: 18750 }],
  // a subject ends where the trip goes or what a used place is for begins
  [
    'ร่างบันทึกขออนุญาตนำนักศึกษาออกนอกพื้นที่ ไปแข่งขันฟุตซอลกระชับมิตร ที่มหาวิทยาลัยราชภัฏนครปฐม วันที่ 5 มี.ค. 70 นักกีฬา 15 คน ผู้ควบคุม 2 คน',
    { subject: 'ขออนุญาตนำนักศึกษาออกนอกพื้นที่', participants: 17 },
  ],
  [
    'บันทึกขอความอนุเคราะห์ใช้สระว่ายน้ำมหาวิทยาลัย จัดอบรมทักษะการช่วยชีวิตทางน้ำ วันเสาร์ที่ 20 ก.พ. 70',
    { subject: 'ขอความอนุเคราะห์ใช้สระว่ายน้ำมหาวิทยาลัย', venue: 'สระว่ายน้ำมหาวิทยาลัย' },
  ],
  ['ขออนุญาต จัดงานดนตรีในสวน ณ ลานหน้าหอสมุด', { subject: 'ขออนุญาต จัดงานดนตรีในสวน' }],
  // an academic year keeps its number in a subject given after เรื่อง
  ['เรื่อง ขอแต่งตั้งคณะกรรมการดำเนินงานโครงการกีฬาน้องใหม่ ประจำปีการศึกษา 2570 เรียน คณบดี', { subject: 'ขอแต่งตั้งคณะกรรมการดำเนินงานโครงการกีฬาน้องใหม่ ประจำปีการศึกษา 2570' }],
  // members are people; a name ends before the district; the goal named after โครงการ is not the name
  ['memo to the dean: the Photography Club asks to use Meeting Room 2 on 22 Jan 2027 for a workshop, 35 members', { participants: 35 }],
  ['โครงการเยี่ยมผู้สูงอายุในชุมชนบ้านดอนแก้ว อ.แม่ริม จ.เชียงใหม่ 13 ก.พ. 70', { name: 'เยี่ยมผู้สูงอายุในชุมชนบ้านดอนแก้ว', venue: 'ชุมชนบ้านดอนแก้ว อ.แม่ริม', province: 'เชียงใหม่' }],
  ['ร่างโครงการ SDG 3 รณรงค์ลดหวานมันเค็ม ในนักศึกษาหอพัก จัดนิทรรศการและตรวจสุขภาพ', { name: 'รณรงค์ลดหวานมันเค็ม ในนักศึกษาหอพัก', sdgs: [3] }],
  // people in groups without a label are counted together
  ['ค่ายพี่สอนน้อง นักเรียน 40 คน พี่เลี้ยง 12 คน งบ 5,000 บาท', { participants: 52 }],
  // a community the activity is for is no place where another is named
  ['โครงการสอนดนตรีให้เด็กในชุมชน ที่ห้องดนตรี อาคาร 3', { venue: 'ห้องดนตรี อาคาร 3' }],
  // a cost's count of things is part of its name, not its amount
  ['ค่าเช่ารถตู้ 2 คัน 6,000 บาท ค่าที่พัก 3 คืน 9,000 บาท ค่าอาหาร 4,500', { items: ['ค่าเช่ารถตู้ 2 คัน=6000', 'ค่าที่พัก 3 คืน=9000', 'ค่าอาหาร=4500'], budget: 19500 }],
  // the students of a school are taught at it; the advisor's club is the organisation only where no other is named
  ['ไปจัดกิจกรรมทดลองวิทยาศาสตร์ให้นักเรียนโรงเรียนบ้านโนนสูง จ.ขอนแก่น', { venue: 'โรงเรียนบ้านโนนสูง', province: 'ขอนแก่น' }],
  ['ขอเชิญอาจารย์ที่ปรึกษาชมรมร่วมเป็นกรรมการตัดสินการประกวดร้องเพลง วันศุกร์ที่ 15 ม.ค. 68 ชมรมดนตรีลูกทุ่ง', { org: 'ชมรมดนตรีลูกทุ่ง' }],
  ['ร่างบันทึกขออนุมัติ อาจารย์ที่ปรึกษาชมรมดนตรีสากล ผศ.ดร.วิไล ศรีงาม', { org: 'ชมรมดนตรีสากล' }],
  // คน with a verb names who takes part ("คนเรียน 30 คน"): a room's number before it is no count
  ['โครงการสอนภาษามือ ห้อง 2301 คนเรียน 30 คน ค่าเอกสาร 1,500', { venue: 'ห้อง 2301', participants: 30 }],
  // a subject ends before how it is done (' ผ่าน…'), when it recurs (' ทุก…') and a span of days without วันที่
  [
    'ขอความอนุเคราะห์ประชาสัมพันธ์โครงการบริจาคโลหิต ผ่านเพจมหาวิทยาลัย ระหว่าง 1-15 ก.พ. 68 ชมรมรักษ์สุขภาพ',
    { subject: 'ขอความอนุเคราะห์ประชาสัมพันธ์โครงการบริจาคโลหิต', org: 'ชมรมรักษ์สุขภาพ' },
  ],
  ['บันทึกข้อความ ขออนุญาตใช้เสียงตามสาย ทุกวันจันทร์ 12.00-12.30 น. ชมรมวิทยุสื่อสาร', { subject: 'ขออนุญาตใช้เสียงตามสาย', org: 'ชมรมวิทยุสื่อสาร' }],
  // "ชมรม ทุกวันจันทร์": a club's word with when it meets after it names no club
  ['ประชาสัมพันธ์กิจกรรมชมรม ทุกวันจันทร์ ชมรมวิทยุสื่อสาร', { org: 'ชมรมวิทยุสื่อสาร' }],
  // a meeting's number belongs to the subject
  ['ร่างบันทึกแจ้งสรุปผลการประชุมคณะกรรมการสภานักศึกษา ครั้งที่ 2/2567 เมื่อวันที่ 25 พ.ย. 2567', { subject: 'แจ้งสรุปผลการประชุมคณะกรรมการสภานักศึกษา ครั้งที่ 2/2567' }],
  // a เพื่อ inside the project's quoted name is no purpose
  [
    'ขอร่างโครงการ "ตลาดนัดมือสองเพื่อน้อง" โดยชมรมจิตอาสา จัดวันที่ 8-9 ม.ค. 2568 ณ ลานกิจกรรมหน้าอาคาร 1',
    { name: 'ตลาดนัดมือสองเพื่อน้อง', purpose: null, venue: 'ลานกิจกรรมหน้าอาคาร 1' },
  ],
  // an ordinal keeps its number: a year of study, an edition; 12 of "ครั้งที่ 12" is no amount, เป็นเงิน labels the budget
  ['กลุ่มเป้าหมาย: นักศึกษาชั้นปีที่ 2 จำนวน 120 คน', { target: 'นักศึกษาชั้นปีที่ 2', participants: 120 }],
  [
    'ขออนุมัติเบิกค่าใช้จ่ายโครงการค่ายอาสาพัฒนาชนบท ครั้งที่ 12 เป็นเงิน 48,500 บาท เรียน รองอธิการบดีฝ่ายพัฒนานักศึกษา',
    { name: 'ค่ายอาสาพัฒนาชนบท ครั้งที่ 12', budget: 48500, items: [], recipient: 'รองอธิการบดีฝ่ายพัฒนานักศึกษา' },
  ],
  // "project proposal: …" names the project
  [
    'help me draft a project proposal: English camp for high school students at Ban Mae Sa School, Chiang Mai',
    { name: 'English camp for high school students', province: 'เชียงใหม่' },
  ],
  // supervising lecturers are no person's name
  ['ขออนุญาตนำนักศึกษาไปทัศนศึกษา ณ พิพิธภัณฑ์วิทยาศาสตร์แห่งชาติ นักศึกษา 45 คน อาจารย์ควบคุม 2 ท่าน', { people: [], participants: 45 }],
  // บริเวณ leads a place, and a canteen is one
  ['กิจกรรมคัดแยกขยะ บริเวณโรงอาหารกลาง 5 มิถุนายน 2568', { venue: 'โรงอาหารกลาง' }],
  // a year of study without ที่ keeps its number; a room named without ที่/ณ is the place; a reason ends where the facts begin
  [
    'ชมรมคอมพิวเตอร์อยากจัดอบรม Python เบื้องต้นให้น้องปี 1 เนื่องจากน้องๆ ยังเขียนโปรแกรมไม่เป็น จัด 3 วัน 12-14 ม.ค. 68 ห้องแล็บ 301 ตึกวิศวะ 50 คน',
    { name: 'อบรม Python เบื้องต้นให้น้องปี 1', venue: 'ห้องแล็บ 301 ตึกวิศวะ', reason: 'เนื่องจากน้องๆ ยังเขียนโปรแกรมไม่เป็น', participants: 50 },
  ],
  // the project's name is not what follows ผู้รับผิดชอบโครงการ; a camp's school is its place
  [
    'ค่ายอาสาฯ สร้างห้องสมุดให้โรงเรียนบ้านป่าแดง ต.ป่าแดด อ.เมือง จ.เชียงราย 25-29 มี.ค. 2568 นศ. 35 คน ผู้รับผิดชอบโครงการ นายวีระ ทองดี นายกสโมสรนักศึกษา',
    {
      name: 'ค่ายอาสาฯ สร้างห้องสมุดให้โรงเรียนบ้านป่าแดง',
      venue: 'โรงเรียนบ้านป่าแดง ต.ป่าแดด อ.เมือง',
      province: 'เชียงราย',
      participants: 35,
      people: ['นายวีระ ทองดี|นายกสโมสรนักศึกษา'],
    },
  ],
  // two days joined by และ with their weekdays, sessions listed with commas (the first to the last), months without days
  ['อบรม วันเสาร์ที่ 14 และวันอาทิตย์ที่ 15 มีนาคม 2568', { when: '14/3/2568-15/3/2568' }],
  ['อบรม 14, 21 และ 28 ม.ค. 68', { when: '14/1/2568-28/1/2568' }],
  ['ตลาดนัด ทุกวันศุกร์ เดือน ม.ค.-มี.ค. 2568', { when: null, vague: 'ทุกวันศุกร์ เดือน ม.ค.-มี.ค. 2568' }],
  // groups of people joined by และ count together; an area to use is a place, a dormitory is numbered
  ['ผู้เข้าร่วม: นักเรียนมัธยม 60 คน และนักศึกษา 20 คน', { participants: 80 }],
  ['ปลูกผักในหอพัก นักศึกษา 40 คน ใช้พื้นที่ข้างหอพักหญิง 3 ช่วงเดือนมกราคม', { venue: 'พื้นที่ข้างหอพักหญิง 3', participants: 40 }],
  // the approval a memo asks may be the budget's
  ['ขออนุมัติงบประมาณ 25,000 บาท สำหรับโครงการประกวดดนตรีโฟล์คซอง ครั้งที่ 5 ณ หอประชุมเล็ก', { subject: 'ขออนุมัติงบประมาณโครงการประกวดดนตรีโฟล์คซอง ครั้งที่ 5', budget: 25000 }],
  // English: "6-9 pm" is 18.00-21.00; the sender comes after "from", not the building named after a union
  [
    'Please draft a memo requesting approval for the Freshmen Welcome Party on 20 June 2025, 6-9 pm at the Student Union Building, about 500 students, budget 60,000 baht, from the Student Council',
    {
      time: '18.00-21.00',
      org: 'Student Council',
      participants: 500,
      budget: 60000,
      name: 'Freshmen Welcome Party',
      subject: 'ขออนุมัติจัดโครงการ Freshmen Welcome Party',
    },
  ],
  // groups under one label without และ; teams times their members; a name ends before เมื่อ; a Latin name keeps its year
  ['จำนวนผู้เข้าร่วม นักศึกษา 25 คน นักเรียน 80 คน', { participants: 105 }],
  [
    'ร่างโครงการแข่งขันหุ่นยนต์ระดับมัธยม RoboChallenge 2027 วันที่ 13-14 ก.พ. 2570 ทีมละ 3 คน 40 ทีม งบ 150,000 บาท',
    { name: 'แข่งขันหุ่นยนต์ระดับมัธยม RoboChallenge 2027', participants: 120 },
  ],
  ['ช่วยทำหนังสือขอบคุณวิทยากรที่มาบรรยายในโครงการพัฒนาบุคลิกภาพ เมื่อวันที่ 15 พ.ย. 2567', { name: 'พัฒนาบุคลิกภาพ' }],
  // a cost whose name ends in ที่ (a place's rent) is a cost; only an ordinal's number is not
  ['ค่าเช่าสถานที่ 5,000 ค่าอาหาร 3,000', { items: ['ค่าเช่าสถานที่=5000', 'ค่าอาหาร=3000'], budget: 8000 }],
  // the clock as people say it; a concert is an activity; งบ inside a word (ติดตั้งบูธ) is no budget; บริเวณ leads any place
  [
    'พี่ๆ ชมรมดนตรีจะจัดคอนเสิร์ตการกุศลหาทุน ศุกร์ที่ ๑๕ ม.ค. ๖๘ หกโมงเย็นถึงสามทุ่ม ลานหน้าหอสมุด ๕๐๐ คน งบ ๒๐,๐๐๐',
    { name: 'คอนเสิร์ตการกุศลหาทุน', time: '18.00-21.00', venue: 'ลานหน้าหอสมุด', participants: 500, budget: 20000, org: 'ชมรมดนตรี' },
  ],
  [
    'เขียนบันทึกขออนุญาตติดตั้งบูธประชาสัมพันธ์ชมรม บริเวณหน้าอาคารเรียนรวม 3 วันที่ 8-10 ธ.ค. 67 เรียน หัวหน้างานกิจกรรมนักศึกษา',
    { subject: 'ขออนุญาตติดตั้งบูธประชาสัมพันธ์ชมรม', venue: 'หน้าอาคารเรียนรวม 3', org: null, recipient: 'หัวหน้างานกิจกรรมนักศึกษา' },
  ],
  // a gym is numbered; where the activity goes is not its name
  ['ขออนุมัติโครงการกีฬาเชื่อมสัมพันธ์ วันที่ 12 - 13 ธันวาคม 2567 ณ โรงยิมเนเซียม 1 ผู้เข้าร่วม 600 คน', { venue: 'โรงยิมเนเซียม 1', participants: 600 }],
  ['โครงการธรรมะสัญจร ไปวัดพระธาตุดอยสุเทพ จ.เชียงใหม่ วันอาทิตย์ที่ 24 มกราคม 2568', { name: 'ธรรมะสัญจร', venue: 'วัดพระธาตุดอยสุเทพ', province: 'เชียงใหม่' }],
  ['ค่ายพัฒนาผู้นำ บ่ายสองโมง', { time: '14.00' }],
];

describe('reading briefs as students write them', () => {
  test('the table is big enough to mean something', () => expect(BRIEFS.length).toBeGreaterThanOrEqual(40));
  for (const [brief, want] of BRIEFS) test(brief, () => expect(summary(readBrief(brief, NOW))).toMatchObject(want));
});

describe('parts of a brief', () => {
  test('all 77 provinces, each found after จังหวัด and by its English name', () => {
    expect(PROVINCES).toHaveLength(77);
    for (const [th, en] of PROVINCES) {
      expect(findProvince(`ไปค่ายที่${th === 'กรุงเทพมหานคร' ? th : `จังหวัด${th}`} นะ`)).toBe(th);
      expect(findProvince(`camp in ${en[0].replace(/\b\w/g, (c) => c.toUpperCase())} next month`)).toBe(th);
    }
  });
  test('an impossible day is no date', () => expect(readBrief('วันที่ 31 ก.พ. 2568', NOW).dates).toBeNull());
  test('a Christian-era 4-digit year becomes Buddhist era, a BE year stays', () => {
    expect(readBrief('1 มกราคม 2025', NOW).dates?.start.yearBE).toBe(2568);
    expect(readBrief('1 มกราคม 2568', NOW).dates?.start.yearBE).toBe(2568);
    expect(readBrief('1 ม.ค. ค.ศ. 25', NOW).dates?.start.yearBE).toBe(2568);
  });
});
