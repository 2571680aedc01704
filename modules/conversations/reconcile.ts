// Start-up repair for conversations: no answer can be running before the server listens, so a turn
// still 'pending' was cut off by a crash or kill mid-answer. It is marked failed (no text, so it can
// never pass for an answer; the user may ask again) and what was fixed is reported.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { conversationDetails } from './schema';

export interface ConversationsReport {
  /** turns left 'pending' by a process that died mid-answer, now 'failed' */
  interruptedTurns: string[];
}

export function reconcileConversations(ctx: AppContext): ConversationsReport {
  const interrupted = ctx.db
    .update(conversationDetails)
    .set({ status: 'failed', response: null, confidence: null, references: null, documents: null, updatedAt: new Date() })
    .where(eq(conversationDetails.status, 'pending'))
    .returning({ id: conversationDetails.id })
    .all()
    .map((r) => r.id);
  const report: ConversationsReport = { interruptedTurns: interrupted };
  if (interrupted.length) ctx.log.warn('conversations reconciled', { interruptedTurns: interrupted.length, ids: interrupted.slice(0, 50) });
  else ctx.log.info('conversations consistent');
  return report;
}
