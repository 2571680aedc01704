// The line a reply leads with, read against the document's answer (eval README, 'The yes lead' and 'Leads that
// mislead'): a yes/no question's verdict against the set's expected_yes_no, and any other direct answer (a count, a
// date, a person, a place) by whether it holds an answer keyword. A student reads the lead first, and an answer
// counts as right by its quote whatever the lead says.
import type { Outcome } from './answer-scoring';

export type YesNoLead = 'yes' | 'no' | 'none';

/** The verdict an answer's first line leads with: the direct answer's words for a yes/no question, alone on the line. */
export function yesNoLead(text: string): YesNoLead {
  const first = text.split('\n', 1)[0]!.trim();
  if (first === 'ไม่ได้' || first.startsWith('ไม่ — ')) return 'no';
  if (first.startsWith('ได้ — ') || first.startsWith('ใช่ — ')) return 'yes';
  return 'none';
}

/** The direct answer an answer leads with: its first paragraph, when the quote ("ตาม …") does not open it. */
export function directLead(text: string): string | null {
  const first = text.split('\n\n', 1)[0]!.trim();
  return first && !first.startsWith('ตาม') && text.includes('\n\n') ? first : null;
}

/** Whether a lead gives the document's answer: yes (a conditional yes included) or no; null when it leads with none. */
export function leadAgrees(says: YesNoLead, expected: 'yes' | 'no' | 'conditional'): boolean | null {
  if (says === 'none') return null;
  return says === 'no' ? expected === 'no' : expected !== 'no';
}

export interface YesNoLeads {
  /** shown answers to yes_no questions with an expected answer */
  shown: number;
  yes: { led: number; agree: number };
  no: { led: number; agree: number };
}

export function yesNoLeads(outcomes: Outcome[]): YesNoLeads {
  const led = outcomes.flatMap((o) => (o.lead ? [o.lead] : []));
  const of = (says: YesNoLead) => ({ led: led.filter((l) => l.says === says).length, agree: led.filter((l) => l.says === says && l.agrees).length });
  return { shown: led.length, yes: of('yes'), no: of('no') };
}

export interface DirectLeads {
  led: number;
  holds: number;
}

/** Answers led by a direct answer of another kind than yes/no, and how many of those leads hold an answer keyword. */
export function directLeads(answers: Outcome[]): DirectLeads {
  return { led: answers.filter((o) => o.leadHolds !== undefined).length, holds: answers.filter((o) => o.leadHolds).length };
}
