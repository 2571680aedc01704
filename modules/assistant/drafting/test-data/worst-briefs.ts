// The worst cases of the brief reader's patterns, 100,000 characters each (brief-long.test.ts runs this in a process of
// its own and stops it after 20 s): prints how many texts were read.
import { readBrief } from '../brief';

const LONG = 100_000;
const WORST = ['ค่า', '1,', '1, ', '\n', 'ณ ', 'ห้อง 1 ', '1 ม.ค. ', 'เรียน ', 'ทีมละ 1 คน ', 'นักเรียน 1 คน ', 'Abc ', '1'];
let read = 0;
for (const atom of WORST) {
  readBrief(atom.repeat(Math.ceil(LONG / atom.length)).slice(0, LONG));
  read++;
}
console.log(`read ${read} texts`);
