// The earlier turns handed to the model with a new question: recent answered turns only, each side
// clipped and the whole bounded, so a long conversation cannot crowd the regulations out of the prompt.
import type { AppContext } from '../../src/context';
import { answeredTurnsBefore } from './service';
import { splitQuery } from './query-text';

export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
}

export const HISTORY_TURNS = 6;
const QUERY_CLIP = 2_000;
const ANSWER_CLIP = 3_000;
const HISTORY_BUDGET = 12_000;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export async function historyBefore(ctx: AppContext, conversationId: string, position: number): Promise<HistoryMessage[]> {
  const turns = await answeredTurnsBefore(ctx, conversationId, position, HISTORY_TURNS);
  const pairs: HistoryMessage[][] = [];
  let used = 0;
  // Walk newest to oldest so the budget keeps the turns nearest the question.
  for (const turn of [...turns].reverse()) {
    // Past attachment text is not repeated: the answer it produced already carries what mattered.
    const question = clip(splitQuery(turn.query).text || turn.query, QUERY_CLIP);
    const reply = clip(turn.response ?? '', ANSWER_CLIP);
    if (used + question.length + reply.length > HISTORY_BUDGET) break;
    used += question.length + reply.length;
    pairs.unshift([
      { role: 'user', content: question },
      { role: 'assistant', content: reply },
    ]);
  }
  return pairs.flat();
}
