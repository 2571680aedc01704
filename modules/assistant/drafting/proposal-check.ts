// Proposal Check (chat.md's quick button; issue 18 item 6): a proposal, attached or pasted, is read section
// by section; each section is searched against the active regulations with its own words and the
// regulation's words for its subject, and the clause that governs it is quoted with its reference. The
// sections the proposal lacks are listed, each with the clause that asks for it when one does.
import type { AppContext } from '../../../src/context';
import { searchActive } from '../../documents/active';
import { readQuestion, retrievalConfidence, type AdminSynonyms } from '../../knowledge';
import { adminSynonyms } from '../../synonyms/service';
import type { SearchHit } from '../../knowledge';
import { citationLead, extractiveAnswer } from '../extractive';
import { bandOf, toReference, type Reference } from '../grounding';
import { getPreferences } from '../../preferences/service';
import type { AnswerResult } from '../service';
import { readBrief } from './brief';
import { moneyText, whenText } from './facts-text';
import { toThaiDigits } from './thai';
import { PROPOSAL_SECTIONS, splitProposal, type FoundSection, type ProposalSection } from './proposal-sections';
import { beforeName } from '../../../src/thai/spacing';

export const PROPOSAL_CHECK_NEEDS_TEXT = 'กรุณาแนบไฟล์ข้อเสนอโครงการ (PDF หรือ Word) หรือวางเนื้อหาโครงการต่อท้ายข้อความ แล้วกด Proposal Check อีกครั้ง';
const MIN_SECTIONS = 2;

export interface ProposalCheckResult {
  text: string;
  accuracy: number;
  references: Reference[];
  missing: string[];
  found: string[];
}

interface SectionClause {
  section: string;
  note: string | null;
  hit: SearchHit;
  quote: string;
  score: number;
}

const clauseLabel = (hit: SearchHit) => hit.headingPath[hit.headingPath.length - 1] ?? hit.title;

const WHOLE_CLAUSE_CHARS = 700;

/** A short clause whole (its list items are its point: "(๒) วงเงินเกิน ๒๐,๐๐๐ บาท …"); a long one by its sentences on `query`. */
function quoteOf(query: string, hit: SearchHit, synonyms: AdminSynonyms): string {
  const lead = citationLead(hit);
  if (hit.text.length <= WHOLE_CLAUSE_CHARS) return `${lead} ${hit.text}`;
  return extractiveAnswer(readQuestion(query, synonyms), [hit])?.text ?? `${lead} ${hit.text.slice(0, WHOLE_CLAUSE_CHARS)} …`;
}

/** The section's key fact shown beside its name ("งบประมาณ (๓๐,๐๐๐ บาท …)"), read from the section itself. */
function sectionNote(s: FoundSection): string | null {
  const f = readBrief(s.body);
  if (s.section.name === 'งบประมาณ' && f.budget) return moneyText(f.budget);
  if (s.section.name === 'ระยะเวลาดำเนินการ') return whenText(f);
  if (s.section.name === 'สถานที่ดำเนินการ') return s.body.split('\n')[0].slice(0, 80) || null;
  if (s.section.name === 'กลุ่มเป้าหมาย/ผู้เข้าร่วม' && f.participants) return `${toThaiDigits(f.participants.toLocaleString('en-US'))} คน`;
  return null;
}

/**
 * Who approves a budget of this size, where the clause sets approvers by amount ("(๒) วงเงินเกิน ๒๐,๐๐๐ บาท แต่ไม่เกิน
 * ๑๐๐,๐๐๐ บาท ให้รองอธิการบดี… เป็นผู้อนุมัติ"): the chat's answer to "งบ N บาท ใครอนุมัติ" over that clause, whose
 * amount picks the bracket. Null where the clause sets no approver by amount, or no one answers.
 */
function approverFor(budget: number | null, clause: SearchHit, synonyms: AdminSynonyms): string | null {
  if (!budget || !/อนุมัติ/.test(clause.text) || !/(?:ไม่)?เกิน[^\n]{0,40}บาท/.test(clause.text)) return null;
  const answer = extractiveAnswer(readQuestion(`โครงการงบ ${budget} บาท ต้องให้ใครอนุมัติ`, synonyms), [clause]);
  const first = answer?.text.split('\n')[0]?.trim();
  // the answer leads with the approver when it read one; a quote's own first line starts ตาม…
  return first && first.length <= 80 && !first.startsWith('ตาม') ? first : null;
}

async function governingClauses(ctx: AppContext, found: FoundSection[]): Promise<SectionClause[]> {
  const picks: SectionClause[] = [];
  for (const s of found) {
    if (!s.section.regulationWords) continue; // prose sections (หลักการ, วัตถุประสงค์ …): no clause governs their content
    const query = `${s.section.regulationWords} ${s.body.slice(0, 300)}`;
    const hits = await searchActive(ctx, query, { k: 3 });
    // the clause must speak of the subject itself, not merely share the proposal's words
    const words = s.section.regulationWords.split(' ');
    const top = hits.find((h) => words.some((w) => h.text.includes(w)));
    if (!top) continue;
    const synonyms = adminSynonyms(ctx);
    const evidence = retrievalConfidence(readQuestion(s.section.regulationWords, synonyms), [top, ...hits.filter((h) => h !== top)]).confidence;
    const approver = s.section.name === 'งบประมาณ' ? approverFor(readBrief(s.body).budget, top, synonyms) : null;
    const quote = quoteOf(query, top, synonyms);
    picks.push({ section: s.section.name, note: sectionNote(s), hit: top, quote: approver ? `ผู้อนุมัติตามวงเงินนี้: ${approver}\n${quote}` : quote, score: evidence });
  }
  // a clause is quoted once, under the section it governs most clearly
  const best = new Map<string, SectionClause>();
  for (const p of picks) {
    const key = `${p.hit.documentId}#${p.hit.chunkOrdinal}`;
    if (!best.has(key) || best.get(key)!.score < p.score) best.set(key, p);
  }
  return picks.filter((p) => best.get(`${p.hit.documentId}#${p.hit.chunkOrdinal}`) === p && p.score >= 20);
}

/** For a missing section, the clause that asks a proposal to have it (e.g. "ข้อ ๕ (๓) งบประมาณ…"), if any. */
async function requirementFor(ctx: AppContext, section: ProposalSection): Promise<SearchHit | null> {
  const [hit] = await searchActive(ctx, `โครงการต้องประกอบด้วยรายละเอียด ${section.requirementWords}`, { k: 1 });
  const word = section.requirementWords.split(' ')[0];
  return hit && hit.text.includes(word) && /ประกอบด้วย|ต้องมี|อย่างน้อย/.test(hit.text) ? hit : null;
}

export async function checkProposal(ctx: AppContext, proposal: string): Promise<ProposalCheckResult> {
  const found = splitProposal(proposal);
  // a request with no proposal in it ("ช่วยตรวจสอบข้อเสนอโครงการนี้…" and nothing else) asks for one
  if (found.length < MIN_SECTIONS) return { text: PROPOSAL_CHECK_NEEDS_TEXT, accuracy: 0, references: [], missing: [], found: [] };
  const missing = PROPOSAL_SECTIONS.filter((s) => !found.some((f) => f.section === s));
  const clauses = await governingClauses(ctx, found);
  const cited: SearchHit[] = clauses.map((c) => c.hit);
  const name = found
    .find((f) => f.section.name === 'ชื่อโครงการ')
    ?.body.replace(/^โครงการ\s*/, '')
    .split('\n')[0];

  const lines = [`ผลการตรวจข้อเสนอโครงการ${name ? ` “${name}”` : ''}`, ''];
  lines.push(`พบหัวข้อ ${found.length} จาก ${PROPOSAL_SECTIONS.length} หัวข้อของแบบเสนอโครงการ`);
  if (missing.length) {
    lines.push('', 'หัวข้อที่ยังขาด:');
    for (const s of missing) {
      const req = await requirementFor(ctx, s);
      if (req && !cited.some((c) => c.documentId === req.documentId && c.chunkOrdinal === req.chunkOrdinal)) cited.push(req);
      lines.push(`- ${s.name}${req ? ` (${beforeName('กำหนดไว้ใน', req.title)} ${clauseLabel(req)})` : ''}`);
    }
  } else lines.push('', 'มีหัวข้อครบตามแบบเสนอโครงการ');
  lines.push('', 'ระเบียบที่เกี่ยวข้องกับแต่ละหัวข้อ:');
  if (!clauses.length) lines.push('- ไม่พบข้อกำหนดในเอกสารที่ระบบรองรับซึ่งเกี่ยวข้องกับหัวข้อของโครงการนี้');
  for (const c of clauses) lines.push('', `■ ${c.section}${c.note ? ` (${c.note})` : ''}`, c.quote);
  lines.push('', 'โปรดตรวจสอบกับประกาศและแบบฟอร์มฉบับล่าสุดของมหาวิทยาลัยก่อนยื่นเสนอโครงการ');

  const accuracy = clauses.length ? Math.round((clauses.reduce((s, c) => s + c.score, 0) / clauses.length) * 100) / 100 : 0;
  return {
    text: lines.join('\n'),
    accuracy,
    references: cited.map((h) => toReference(h)),
    missing: missing.map((s) => s.name),
    found: found.map((f) => f.section.name),
  };
}

/** The Proposal Check turn as an answer (chat.md's /api/chat shape): the proposal is the attached files and the pasted text. */
export async function proposalCheckAnswer(
  ctx: AppContext,
  input: { message: string; attachments: Array<{ name: string; text: string }>; onToken?: (text: string) => void },
): Promise<AnswerResult> {
  const proposal = [input.message, ...input.attachments.map((a) => a.text)].join('\n');
  const r = await checkProposal(ctx, proposal);
  input.onToken?.(r.text);
  return {
    text: r.text,
    accuracy: r.accuracy,
    references: r.references,
    documents: [], // never the fallback: the check always says what it found, even when no clause governs a section
    band: bandOf(r.accuracy, await getPreferences(ctx)) === 'high' ? 'high' : 'medium',
    fallback: false,
    provider: 'proposal-check',
  };
}
