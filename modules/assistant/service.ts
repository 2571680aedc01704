// The assistant: retrieve clauses, answer from them (a model server, or the embedded extractive
// answerer), score the answer against the evidence and apply the admin's confidence bands.
import type { AppContext } from '../../src/context';
import { AppError } from '../../src/http/errors';
import { activeDocuments, type ActiveDocument } from '../documents/active';
import { calibrated, documentPassages, questionPart, readQuestion, searchWithPages, type SearchHit } from '../knowledge';
import { passageEvidence, shownAccuracy, type PassageEvidence } from './accuracy';
import { getPreferences } from '../preferences/service';
import { adminSynonyms } from '../synonyms/service';
import { ANSWER_CLAUSES, quotePlan } from './extractive';
import { withListItems } from './list-items';
import { pageProse } from './page-prose';
import {
  bandOf,
  citedClauses,
  contactLine,
  recommendDocuments,
  referencesBlock,
  supportedPage,
  toReference,
  type Band,
  type RecommendedDocument,
  type Reference,
} from './grounding';
import { cancelledError, configuredProvider, runLlm } from './llm/run';
import { buildMessages, clauseHeading, type HistoryTurn } from './prompt';
import { containLinks, modelAnswerProblem } from './containment';
import { guardStream } from './containment-stream';
import { answerLinkHosts } from '../../contracts/answer-links';
import { answerSupport, topicWords } from './text-match';
import { attachmentHits, strongerEvidence, withAttachmentHits } from './attachment-evidence';
import { recordQuestion } from '../questions/service';
import { isBlankText } from '../../contracts/user-text';
import { measuredPreferences } from './measured-threshold';
import { SOCIAL_PROVIDER, socialAnswer, socialKind } from './social-message';

export type { Reference, RecommendedDocument, Band } from './grounding';
export { generateTitle } from './title';
export { templatesAnswer } from './templates';

export interface AnswerResult {
  text: string;
  accuracy: number;
  references: Reference[];
  documents: RecommendedDocument[];
  band: 'high' | 'medium' | 'low';
  fallback: boolean;
  provider: string;
  /** the evidence score (knowledge/scoring/confidence.ts) behind the accuracy, before calibration (for the evals);
   * absent on answers that are not a question answered from the library (templates, the proposal check) */
  evidence?: number;
  /** the question's row in the anonymous question log (votes go to it); absent when not logged */
  questionId?: string;
}

export interface AnswerInput {
  message: string;
  history?: Array<{ role: 'user' | 'assistant'; content: string }>;
  showRegulation: boolean;
  attachments?: Array<{ name: string; text: string }>;
  /**
   * With showRegulation: also list the references at the end of the text (the spec's clients show only
   * text). Our chat shows them beside the answer instead, so it turns this off: one list, not two.
   */
  inlineReferences?: boolean;
  signal?: AbortSignal;
  onToken?: (delta: string) => void;
  /** where it was asked, for the question log; false = not logged (an admin's question test) */
  log?: 'chat' | 'conversation' | false;
}

/** How many passages a turn retrieves (the eval scripts that mimic a turn read it here). */
export const RETRIEVE_K = 8;

// A document is recommended beside a fallback only when its best passage is about the question at
// least this likely (knowledge/scoring/confidence.ts): a near miss ("ลาพักได้กี่เทอม") still points to the
// regulation on leave, an off-topic question ("ราคาทองวันนี้") to nothing.
const RELATED_DOCUMENT_FLOOR = 10;

/** The recommended documents a fallback keeps: those whose best retrieved passage is about the question. */
function relatedDocuments(scored: PassageEvidence, library: SearchHit[], documents: RecommendedDocument[]): RecommendedDocument[] {
  return documents.filter((d) => {
    const best = library.find((h) => h.documentId === d.id);
    return best !== undefined && scored.of(best).confidence >= RELATED_DOCUMENT_FLOOR;
  });
}

// "แล้วถ้า … ล่ะ", "… ล่ะครับ": the question before asked again under another condition, however many words of its own
// it has ("แล้วถ้าจัดในมหาลัยล่ะครับ" after a question on overnight activities: a reply from the regulation's preamble)
const ASKED_AGAIN = /^\s*แล้วถ้า|(?:ล่ะ|หล่ะ)\s*(?:ครับ|คับ|ค่ะ|คะ|จ้ะ|จ้า|นะ)?\s*[?？]*\s*$/;

/**
 * A short follow-up ("แล้วถ้าเกินล่ะ"), or one asking the question before again under another condition
 * (ASKED_AGAIN), is searched together with the previous question. Judged on the part of the message read as the
 * question: segmenting all of a 100,000-character message cost 46 ms on the loop (#34).
 */
function retrievalQuery(message: string, history: HistoryTurn[]): string {
  const asked = questionPart(message);
  if (!ASKED_AGAIN.test(asked) && topicWords(asked).length >= 3) return message;
  const lastUser = [...history].reverse().find((h) => h.role === 'user');
  return lastUser ? `${lastUser.content}\n${message}` : message;
}

/** Answers and logs the answered question (modules/questions: masked, anonymous). */
export async function answer(ctx: AppContext, input: AnswerInput): Promise<AnswerResult> {
  const result = await composeAnswer(ctx, input);
  // a greeting or a thank-you is no question: the log is what insights read for what the library lacks
  return input.log === false || result.provider === SOCIAL_PROVIDER ? result : logAnswered(ctx, input.message, result, input.log ?? 'chat');
}

/** Logs an answer made elsewhere (the quick buttons' templates and proposal check) and gives it its question_id. */
export async function logAnswered(ctx: AppContext, question: string, result: AnswerResult, channel: 'chat' | 'conversation'): Promise<AnswerResult> {
  const questionId = await recordQuestion(ctx, { ...result, question, answerText: result.text, channel });
  return questionId ? { ...result, questionId } : result;
}

async function composeAnswer(ctx: AppContext, input: AnswerInput): Promise<AnswerResult> {
  const message = input.message.trim();
  if (isBlankText(message) && !input.attachments?.length) throw new AppError('validation', 'กรุณาพิมพ์คำถาม');
  const social = input.attachments?.length ? null : socialKind(message);
  if (social) return socialAnswer(social, input.onToken);
  const history = input.history ?? [];
  const prefs = measuredPreferences(await getPreferences(ctx)); // per request: a settings change applies to the next answer
  const query = retrievalQuery(message, history);
  // The question is read once, here: search, the evidence and the answerers take the reading. A follow-up is
  // searched with the question before it; the quote answers the message itself.
  const synonyms = adminSynonyms(ctx);
  const question = readQuestion(query, synonyms);
  const asked = message && message !== query ? readQuestion(message, synonyms) : question;
  // The active-documents table is read once per answer: search filters with it, and the recommended
  // documents and the contact line reuse the rows.
  let active = new Map<string, ActiveDocument>();
  // the passages are what the answer reads; the pages (the plain rankers' order as a floor) rank the documents shown
  const { hits: library, pages } = await searchWithPages(ctx, question, { k: RETRIEVE_K, live: async (ids) => (active = await activeDocuments(ctx, ids)) });
  if (input.signal?.aborted) throw cancelledError();
  // an attached file is evidence beside the library, cited as the attachment (attachment-evidence.ts)
  const fileHits = attachmentHits(input.attachments ?? [], asked, library);
  const hits = withAttachmentHits(library, fileHits);
  // each library passage's evidence is scored once this turn, whichever of the steps below asks for it first
  const scored = passageEvidence(question, library);
  const evidence = strongerEvidence(scored.best(ANSWER_CLAUSES), fileHits);
  const documents = recommendDocuments(active, pages);
  const provider = configuredProvider(ctx);

  let text: string;
  let accuracy: number;
  let cited: SearchHit[];
  let citedPages: number[] = [];
  let providerName: string;
  let evidenceScore = evidence.confidence;
  let streamed = false;
  const onToken = input.onToken && ((delta: string) => ((streamed = true), input.onToken!(delta)));
  if (!provider) {
    providerName = 'extractive';
    // a list's lead-in is quoted with its items where the chunker cut them apart (list-items.ts)
    // a document's passages are read once a turn, whichever step asks first
    const byDocument = new Map<string, Promise<SearchHit[]>>();
    const passagesOf = (id: string) => byDocument.get(id) ?? byDocument.set(id, documentPassages(ctx, id)).get(id)!;
    const read = await withListItems(asked, hits, passagesOf);
    // an announcement cut by size is quoted from its page (page-prose.ts): read for the passages quoted only
    const plan = quotePlan(asked, read.hits);
    const quoted = plan?.answer(await pageProse(plan.quoted, passagesOf, read.original));
    cited = (quoted?.used ?? []).map((h) => read.original.get(h) ?? h);
    citedPages = quoted?.pages ?? [];
    text = quoted?.text ?? '';
    // A quote supports itself: the confidence is the probability that the quoted passage answers the
    // question (knowledge/scoring/confidence.ts), measured on the passage actually quoted.
    const passage = quoted?.used[0];
    const shown = passage && library.includes(passage) ? strongerEvidence(scored.of(passage), fileHits) : evidence;
    evidenceScore = quoted ? shown.confidence : evidence.confidence;
    accuracy = quoted ? shownAccuracy(shown.confidence, { by: 'quote' }) : shownAccuracy(evidence.confidence, { by: 'no-quote' });
  } else if (calibrated(evidence.confidence) < prefs.lowThreshold && !input.attachments?.length) {
    // Whatever the model wrote would be replaced by the fallback: don't spend a generation on it.
    providerName = provider.name;
    cited = [];
    text = '';
    accuracy = shownAccuracy(evidence.confidence, { by: 'not-generated' });
  } else {
    providerName = provider.name;
    const clauses = library.slice(0, ANSWER_CLAUSES); // the attachments go to the model whole
    const messages = buildMessages({ question: message, clauses, history, attachments: input.attachments, contextTokens: ctx.config.llm.contextTokens });
    const sources = [...clauses.map((c) => c.text), ...(input.attachments ?? []).map((a) => a.text)];
    // what a document says stays data: the answer is checked before it is shown (containment.ts)
    const contained = { instructions: messages[0]!.content, sources: [...sources, ...clauses.map(clauseHeading), message, ...history.map((h) => h.content)] };
    const guard = onToken && guardStream(contained, onToken);
    const result = await runLlm(provider, messages, {
      signal: input.signal,
      timeoutMs: ctx.config.llm.timeoutMs,
      onToken: guard ? (delta) => guard.push(delta) : undefined,
      metrics: { ctx, purpose: 'answer' },
    });
    text = result.text.trim();
    const problem = guard?.problem ?? modelAnswerProblem(text, contained);
    if (problem) {
      ctx.log.warn('model answer withheld', { provider: provider.name, problem, answerChars: text.length });
      [text, cited, accuracy] = ['', [], shownAccuracy(evidence.confidence, { by: 'not-generated' })];
    } else {
      guard?.release();
      // the attached file's passages compete with the library's: an answer taken from the file cites the file
      cited = citedClauses(text, [...clauses, ...fileHits]);
      citedPages = cited.map((h) => supportedPage(text, h));
      accuracy = shownAccuracy(evidence.confidence, { by: 'model', support: answerSupport(text, sources) });
    }
    ctx.log.debug('llm answer', { provider: provider.name, usage: result.usage, retrieval: evidence.confidence, accuracy });
  }

  const band: Band = text ? bandOf(accuracy, prefs) : 'low';
  if (band === 'low') {
    const fallback = prefs.fallbackMessage;
    if (!streamed) input.onToken?.(fallback);
    return {
      text: fallback,
      accuracy: Math.min(accuracy, Math.max(0, prefs.lowThreshold - 0.01)),
      references: [],
      documents: relatedDocuments(scored, library, documents),
      band,
      fallback: true,
      provider: providerName,
      evidence: evidenceScore,
    };
  }
  const references = cited.map((h, i) => toReference(h, { page: citedPages[i] }));
  const tail: string[] = [];
  if (band === 'medium') tail.push(contactLine(active, cited, prefs));
  if (input.showRegulation && input.inlineReferences !== false) tail.push(referencesBlock(references));
  // links outside the university's hosts, from a document or a model, are shown as plain text
  const full = containLinks([text, ...tail.filter(Boolean)].join('\n\n'), answerLinkHosts(ctx.config.publicUrl, ctx.config.answerLinkHosts));
  // The extractive answer has no token stream: send it whole. A model's tokens went out already.
  if (!streamed) input.onToken?.(full);
  return { text: full, accuracy, references, documents, band, fallback: false, provider: providerName, evidence: evidenceScore };
}
