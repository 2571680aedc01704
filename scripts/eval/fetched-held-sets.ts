// The held sets of one shape (fetched-set.ts) that `eval-answers.ts --set` runs, each written after every change it
// judged and held out as a whole (real_scan and real_reg by half since 30 Nov 2026, real_vru_dev and real_cal_dev from the start: real-dev.ts realDevHalf); 'union' holds its libraries, 'union_all' them with real_dev's three (the questions
// stay the set's own: an answer must not turn into a fallback or a wrong answer because other universities' documents
// are present). Scans are OCR'd once into the eval cache (library-cache.ts); unions are composed from the extracted
// libraries. A new set of this shape is one line here (its README in scripts/eval/data/<name>/ says what it holds):
// - real_new: RMUTT's graduate office forms and the University of Phayao's registrar manual.
// - real_scan: office scans of Rambhai Barni Rajabhat (library rules, the IT centre's scanned report tables and memos).
// - real_reg: scanned regulations of RMUTP (the workload, competency and salary-round rules its Faculty of Science and
//   Technology posts for its lecturers, two thirds of them scanned and signed).
// - real_tu: Thammasat's student-activity regulation, its Faculty of Political Science's student-activity notice and its
//   student-discipline regulation, as plain text (the genre of the acceptance library: student bodies and discipline).
// - real_fresh_a: Sakon Nakhon Rajabhat's registrar: academic calendars, admission and fee announcements, summer-term rules,
//   timetables, an order and a ministry letter, most of them office scans; written on 30 Nov 2026 after every change it
//   judges (ids rf-, held whole).
// - real_fresh_b: Uttaradit Rajabhat's study regulations and announcements, half of them office scans, written on
//   30 Nov 2026 after every change it judges (ids rg-, held whole).
// - real_fresh_c: Valaya Alongkorn Rajabhat's notices to its Computer Science students, every one an office scan: the
//   student-organisation election and the ban on รับน้อง beside fees, admission, course booking, internship, English
//   proficiency and COVID-19 measures; written on 1 Dec 2026 after every change it judges (ids rf-vru-, held whole).
// - real_fresh_d: Kanchanaburi Rajabhat's co-operative-education forms (KRU-01 to KRU-17: the co-op student's 15 rules,
//   deadlines, score sheets, a contract, a sample letter and report), every one a text layer with ำ broken, none a scan;
//   written on 1 Dec 2026 after every change it judges (ids rf-kru-, held whole).
// - real_fresh_e: more of Valaya Alongkorn Rajabhat's notices (14 files of the same repository, none of real_fresh_c's),
//   11 of them office scans: VRU-TEP rounds, admissions, a clip contest, a ceremony, staff recruitment, a transfer form;
//   written on 3 Dec 2026 after every change it judges (ids rf-vrue-, held whole).
// - real_vru_dev: 12 more of Valaya Alongkorn Rajabhat's files (none of real_fresh_c's or real_fresh_e's), 7 office scans:
//   staff recruitment 2561/2563, workshop and alumni memos, UBI 101, online English courses, senior-project and co-op
//   forms; written on 3 Dec 2026 as a dev set, split question by question as real_scan is (ids rv-vru-, by half).
// - real_fresh_f: the Faculty of Science of King Mongkut's Institute of Technology Ladkrabang (KMITL): round-2 quota
//   admission 2561, a new-breed programme, the Bridge Program, a TA/RA scholarship, a science camp, contest rules and a
//   form, 6 of 14 files office scans (one stored sideways); written on 5 Dec 2026 after every change it judges (ids
//   rf-kmitl-, held whole).
// - real_fresh_g: Suan Dusit University's undergraduate fees 2560 and its admission of disabled students 2562 (two
//   signed office scans), a dormitory leaflet and the TCAS 2562 admission criteria of five rounds (text layers with
//   tone marks lost); written on 5 Dec 2026 after every change it judges (ids rf-sdu-, held whole).
// - real_fresh_h: Prince of Songkla University's Pattani campus (its mathematics department's PSU-TUYF project): three
//   years of an undergraduate scholarship (2564 a signed office scan), the Algebra Center's scholarship, the rules and
//   details of its mathematics camps 2566–2569, a roadshow and a teacher training (text layers with ำ dropped); written on
//   5 Dec 2026 after every change it judges (ids rf-psu-, held whole).
// - real_fresh_i: Walailak University's International College: the university's signed announcement of the college's
//   scholarships 2562 (an office scan), the Erasmus+ agreement and MoU with UIST Ohrid (signed scans), the college's
//   English scholarship announcement and calls of 2018 (one revised), the TCAS 2018 table, forms, a job announcement and
//   the Thai 5ส handbook (text layers); written on 5 Dec 2026 after every change it judges (ids rf-wu-, held whole).
// - real_fresh_k: Rajamangala University of Technology Lanna's finance handbook (travel on official business with two
//   budgets' rates, overtime, committee fees, administrative expenses, urgent and ≤10,000-baht purchases; typeset, with
//   scanned receipts, a signed time sheet and example tables as pictures); written on 5 Dec 2026 after every change it
//   judges (ids rf-k-, held whole).
// - real_fresh_m: Valaya Alongkorn Rajabhat University's letters for students that no other set holds (arc6828/cs):
//   scholarship calls (Fulbright, Endeavour, Hungarian, Franco-Thai, Amata, Tesco Lotus), CP ALL's student-leader camp,
//   a space fair, a logo contest and internship calls (13 office scans as received, three pages upside down, Thai
//   digits) and the CS project forms (text layers); written on 5 Dec 2026 after every change it judges (ids rf-m-,
//   held whole).
// - real_fresh_l: Rambhai Barni Rajabhat's office of academic resources and IT (the university is held by real_scan,
//   these 14 files are not): three scanned satisfaction surveys (teaching labs 2557, network FY 2559, training lab FY 2558
//   with the centre's history and bookings), a newsletter scan with a garbage OCR layer, and text-layer rules for labs,
//   Wi-Fi, e-mail, web hosting and the library (broken marks); written on 5 Dec 2026 after every change it judges (ids
//   rf-l-, held whole).
// - real_fresh_n: Suan Dusit University's TCAS 2562 admission criteria, 16 one-page programme sheets of rounds 2–5 that
//   real_fresh_g does not hold (weights, heights, BMI, grade floors, tracks, tests, interviews, portfolios; text layers
//   with tone marks lost and weight columns flattened, no scans); written on 5 Dec 2026 after every change it judges
//   (ids rf-n-, held whole; not yet run).
// - real_fresh_o: RMUTT's graduate-school forms (unused files of giwl17/php-formPdf; real_new holds the others): fees and
//   their postponement, registration limits, approvals, graduation conditions, publication rules by intake and advisor
//   rules (all text layers, ำ split or tone marks dropped); written on 5 Dec 2026 after every change it judges (ids rf-o-,
//   held whole; not yet run).
// - real_fresh_p: Valaya Alongkorn Rajabhat University's files that no other set holds (arc6828/cs): the weekend
//   programme's room timetables of 3/60, 1/62 and 2/62 (scanned printouts, one room a page) and its co-op forms (page
//   images: confirmation, contract, supervision visit, work plan, evaluations of 18 and 14 items) with text-layer co-op
//   and internship forms (ำ split, า read as ำ); written on 5 Dec 2026 after every change it judges (project head
//   9cb729b; ids rf-p-, held whole; first run on ff71a65, as the judge of b556e1b).
// - real_fresh_q: Valaya Alongkorn Rajabhat University's unused files (a fallback: no unheld university had a usable
//   library): the scanned room timetables of term 2/63 (ภาคปกติ and ภาคพิเศษ), eight scanned faculty forms (equipment,
//   make-up teaching, meeting room, trips, exam cover sheet) and co-op/project forms (3 text layers); written on
//   5 Dec 2026 after every change it judges (ids rf-q-, held whole; first run on bc8068f).
// - real_fresh_r: Valaya Alongkorn Rajabhat University's unused files (a fallback: no unheld university had a usable
//   library): the กยศ./กรอ. memo of 2562 (scanned memo and notice, text-layer lists), the VRU-TEP retake memo with rooms,
//   letters it received (a กรมบัญชีกลาง procurement guideline, an ARDA research-scholarship call, a job advertisement), the
//   scanned room timetables of 1/62, four scanned staff forms, VRU-Co2 and CS project forms (text layers); written on
//   5 Dec 2026 after every change it judges (project head 0f4a340; ids rf-r-, held whole).
// - real_fresh_s: Valaya Alongkorn Rajabhat University's last unused forms (a fallback: no unheld university had a
//   usable library): eleven scanned staff forms of the science faculty (supervision trips, official trips, travel
//   abroad, work and income certificates, the กศ.ปช. advisor's time sheet, the teaching claim, leave, vacation, leave
//   cancellation, power of attorney), the scanned co-op application VRU-Co1 and three text-layer internship and co-op
//   forms; written on 5 Dec 2026 after every change it judges (ids rf-s-, held whole).
// - real_fresh_t: Kasetsart University's Kamphaeng Saen campus (walongkonp-glitch/appmath; the university is held by
//   real_more, the campus and these files are not): the undergraduate regulation 2566 in Thai (signed page scanned), the
//   academic calendar 2568, the registrar's KPS petitions quoting the regulation and the older forms quoting 2559's, the
//   faculty's petitions, KU1/KU3 and two forms as scans, a staff announcement scanned with a garbage Latin layer; written
//   on 6 Dec 2026 after every change it judges (ids rf-t-, held whole).
// - real_fresh_u: King Mongkut's University of Technology North Bangkok (Siripoom/bot, a students' chatbot's five PDFs;
//   no set holds the university): the student handbook 2568 (the ปวช. and bachelor's study regulations with the same
//   clause numbers, fees, the English-enhanced programmes' fees, discipline 2567, the calendar 2568, offices), the
//   general-education structure and three Technical Education curricula (civil engineering and education; computer
//   technology and its ปวส. transfer track), all re-typed as chatbot data with a clean text layer; written on 6 Dec 2026
//   after every change it judges (ids rf-u-, held whole).
// - real_fresh_v: King Mongkut's University of Technology Thonburi again (KKOIDF/CPE-CHAT-0.0.2, the 38 files of its
//   snapshot that real_cal_dev did not take; the university is held by real_cal_dev): the exam rules 2560, discipline
//   2566, the English policies, training 2563, OBEM 2566, external students 2557, foreign students' fees 2539, degree
//   registration fees 2539 (two scans), the Comptroller General's letters 2551, the graduate regulation 2562; 33 of 38
//   office scans, the rest layers without tone marks; written on 6 Dec 2026 after the change it judges (the registered
//   countNoType, scripts/eval/data/README.md) and before the product was run on it (ids rf-v-, held whole).
// - real_fresh_w: new questions over real_fresh_v's 38 files (the library `kmuttw` is the same files), asked of the
//   pages no question of real_fresh_v was written from: the graduate regulation 2562's rules, the English-language
//   policies by level and year, the privacy notice, COVID-19 teaching rules and the other announcements; written on
//   7 Dec 2026 from the page images before the product was run on them (ids rf-w-, held whole).
// - real_fresh_x: new questions over real_fresh_b's URU files (`urux`: the graduate regulation 2566's pages real_fresh_b
//   did not ask, the welfare regulation, a graduate committee's minutes, academic positions) and real_fresh_l's RBRU IT
//   office files (`aritx`: three satisfaction-survey reports); written on 7 Dec 2026 from the page images before the
//   product was run on them (ids rf-x-, held whole).
// - real_fresh_y: new questions over real_fresh_f's KMITL Faculty of Science files (`kmitly`) and real_fresh_m's VRU
//   announcements (`vrumy`), from the pages those sets did not ask; written on 7 Dec 2026 from the page images before
//   the product was run on them (ids rf-y-, held whole).
// - real_fresh_z: new questions over real_fresh_t's Kasetsart Kamphaeng Saen files (`kukpsz`) and real_fresh_r's VRU
//   memos, letters, timetables and forms (`vrurz`), from the pages those sets did not ask, mostly dates, deadlines and
//   times; written on 7 Dec 2026 from the page images after whenOffLine's registration and before the product was run
//   on them (ids rf-z-, held whole).
// - real_fresh_za: new questions over real_fresh_u's KMUTNB handbook and curricula (`kmutnbaa`) and real_fresh_v's KMUTT
//   regulations and announcements (`kmuttvaa`), from the pages no set asked, mostly dates, deadlines and times; written
//   on 7 Dec 2026 from the page images after whenOffLine's second registration and before the product was run on them
//   (ids rf-za-, held whole).
// - real_fresh_zb: new questions over real_fresh_h's PSU files (`psuzb`) and real_fresh_b's URU files (`uruzb`), from
//   the pages no set asked, mostly dates, deadlines and time limits; written on 7 Dec 2026 from the page images after
//   whenNoDate's registration and before the product was run on them (ids rf-zb-, held whole).
// - real_fresh_zc: new questions over real_cur_dev's Kasetsart files (`kuzc`, = real_more's `ku`) and Suranaree files
//   (`sutzc`, = real_dev's `sut`), from the study-plan pages no set asked (which year and term a course is taken in, a
//   term's courses and credits, a plan's variant); written on 7 Dec 2026 from the page images after the study-plan reading's
//   registration and before the product was run on them (ids rf-zc-, held whole).
// - real_fresh_zd: new questions over real_cur_dev's KMUTNB files (`kmutnbzd`, = real_fresh_u's `kmutnb`) and Kasetsart
//   files (`kuzd`, = real_more's `ku`), from the course-description and course-list pages no set asked (a course's code,
//   credits, prerequisite, group); written on 7 Dec 2026 from the page images after the course-code reading's
//   registration and before the product was run on them (ids rf-zd-, held whole).
// - real_fresh_ze: new questions over real_cur_dev's Suranaree files (`sutze`, = real_dev's `sut`) and Kasetsart files
//   (`kuze`, = real_more's `ku`), from the course-description and course-list pages no set asked (a course's prerequisite,
//   credits, code, what it covers); written on 7 Dec 2026 from the page images after the prerequisite reading's
//   registration and before the product was run on them (ids rf-ze-, held whole).
// - real_cal_dev: King Mongkut's University of Technology Thonburi (KKOIDF/CPE-CHAT-0.0.2, a students' chatbot's
//   PDFs; no set holds the university): the academic calendar 2568 and its revision (module withdrawal tables), fee
//   tables (a programme's tuition, miscellaneous fees, degree registration, postage, insurance, external students) as
//   office scans, and exam and re-admission rules beside them; written on 6 Dec 2026 as a dev set of questions answered
//   by one row of a table, split question by question as real_vru_dev is (ids rc-kmutt-, by half); and since the same
//   day Srinakharinwirot University's undergraduate academic calendar 2567 (YKUNAKORN/SWU-calendar.ics, a student's
//   iCalendar script; no set holds the university), nine pages of dated rows by term (ids rc-swu-, by half); and
//   Chiang Mai University's academic calendar 2568 and its registrar's note on paying fees (kungwansupS/reg01, a
//   students' registrar assistant; no set holds the university), seven pages of dated rows by term (ids rc-cmu-, by half).
// - real_cur_dev: curriculum questions (credits, courses and their plans and prerequisites, lecturers, admission and
//   graduation) over three held libraries asked again whole: real_fresh_u's KMUTNB files (`kmutnbk`), real_more's Kasetsart
//   Sakon Nakhon files (`kuk`) and real_dev's Suranaree files (`sutk`), from pages no set asked; written on 7 Dec 2026 from
//   the page images as a dev set, split question by question as real_cal_dev is (ids rk-kmutnb-, rk-ku-, rk-sut-, by half).
import { join } from 'node:path';
import type { EvalQuery } from './answer-scoring';
import { fetchedSetQueries, fetchedSetRuns } from './fetched-set';
import type { EvalRun } from './real-dev';

export interface FetchedHeldSet {
  root: string;
  universities: readonly string[];
  /** its libraries, union and union_all */
  runs: readonly string[];
  /** the questions of the named library (a union asks all of them) */
  queries: (root: string, name: string) => EvalQuery[];
  /** runs for the named libraries: every question is 'held', so `half` 'fit' keeps none */
  makeRuns: (root: string, realDevRoot: string, names: string[], half?: 'fit' | 'held') => EvalRun[];
}

function heldSet(name: string, universities: readonly string[]): FetchedHeldSet {
  const set = { name, universities };
  return {
    root: join(import.meta.dir, 'data', name),
    universities,
    runs: [...universities, 'union', 'union_all'],
    queries: (root, library) => fetchedSetQueries(set, root, library),
    makeRuns: (root, realDevRoot, names, half) => fetchedSetRuns(set, root, realDevRoot, names, half),
  };
}

export const FETCHED_HELD_SETS: Record<string, FetchedHeldSet> = {
  real_new: heldSet('real_new', ['rmutt', 'up']),
  real_scan: heldSet('real_scan', ['rbru']),
  real_reg: heldSet('real_reg', ['rmutp']),
  real_tu: heldSet('real_tu', ['tu']),
  real_fresh_a: heldSet('real_fresh_a', ['snru']),
  real_fresh_b: heldSet('real_fresh_b', ['uru']),
  real_fresh_c: heldSet('real_fresh_c', ['vru']),
  real_fresh_d: heldSet('real_fresh_d', ['kru']),
  real_fresh_e: heldSet('real_fresh_e', ['vrue']),
  real_fresh_f: heldSet('real_fresh_f', ['kmitl']),
  real_vru_dev: heldSet('real_vru_dev', ['vrud']),
  real_fresh_g: heldSet('real_fresh_g', ['sdu']),
  real_fresh_h: heldSet('real_fresh_h', ['psu']),
  real_fresh_i: heldSet('real_fresh_i', ['wu']),
  real_fresh_k: heldSet('real_fresh_k', ['rmutl']),
  real_fresh_m: heldSet('real_fresh_m', ['vrum']),
  real_fresh_l: heldSet('real_fresh_l', ['arit']),
  real_fresh_n: heldSet('real_fresh_n', ['sdun']),
  real_fresh_o: heldSet('real_fresh_o', ['rmuttg']),
  real_fresh_p: heldSet('real_fresh_p', ['vrup']),
  real_fresh_q: heldSet('real_fresh_q', ['vruq']),
  real_fresh_r: heldSet('real_fresh_r', ['vrur']),
  real_fresh_s: heldSet('real_fresh_s', ['vrus']),
  real_fresh_t: heldSet('real_fresh_t', ['kukps']),
  real_fresh_u: heldSet('real_fresh_u', ['kmutnb']),
  real_fresh_v: heldSet('real_fresh_v', ['kmuttv']),
  real_fresh_w: heldSet('real_fresh_w', ['kmuttw']),
  real_fresh_x: heldSet('real_fresh_x', ['urux', 'aritx']),
  real_fresh_y: heldSet('real_fresh_y', ['kmitly', 'vrumy']),
  real_fresh_z: heldSet('real_fresh_z', ['kukpsz', 'vrurz']),
  real_fresh_za: heldSet('real_fresh_za', ['kmutnbaa', 'kmuttvaa']),
  real_fresh_zb: heldSet('real_fresh_zb', ['psuzb', 'uruzb']),
  real_fresh_zc: heldSet('real_fresh_zc', ['kuzc', 'sutzc']),
  real_fresh_zd: heldSet('real_fresh_zd', ['kmutnbzd', 'kuzd']),
  real_fresh_ze: heldSet('real_fresh_ze', ['sutze', 'kuze']),
  real_cal_dev: heldSet('real_cal_dev', ['kmutt', 'swu', 'cmu']),
  real_cur_dev: heldSet('real_cur_dev', ['kmutnbk', 'kuk', 'sutk']),
};

/** The held set of this shape named by `--set`, if it is one. */
export const fetchedHeldSet = (name: string | undefined): FetchedHeldSet | undefined =>
  name !== undefined && Object.hasOwn(FETCHED_HELD_SETS, name) ? FETCHED_HELD_SETS[name] : undefined;
