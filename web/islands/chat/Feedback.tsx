// Thumbs up / down on a finished answer (issue 17 item 2). A vote is sent at once; a down vote then
// offers a short comment, sent as the same vote again (the server keeps one vote per question per browser).
import { useId, useState, type FormEvent } from 'react';
import { api } from '../../lib/api';
import { chatText } from '../../strings/chat';
import { ThumbDownIcon, ThumbUpIcon } from './icons';

type Rating = 'up' | 'down';
const COMMENT_MAX = 500;

export interface FeedbackState {
  rating: Rating | null;
  commenting: boolean;
  status: 'idle' | 'sending' | 'sent' | 'error';
  vote(rating: Rating, comment?: string): Promise<void>;
  closeComment(): void;
}

export function useFeedback(questionId: string): FeedbackState {
  const [rating, setRating] = useState<Rating | null>(null);
  const [commenting, setCommenting] = useState(false);
  const [status, setStatus] = useState<FeedbackState['status']>('idle');
  const vote = async (next: Rating, comment?: string) => {
    setStatus('sending');
    try {
      await api(`/api/questions/${encodeURIComponent(questionId)}/feedback`, { method: 'POST', json: comment ? { rating: next, comment } : { rating: next } });
      setRating(next);
      setStatus('sent');
      setCommenting(next === 'down' && comment === undefined);
    } catch {
      setStatus('error');
    }
  };
  return { rating, commenting, status, vote, closeComment: () => setCommenting(false) };
}

export function FeedbackButtons({ f }: { f: FeedbackState }) {
  return (
    <span className="feedback-buttons" role="group" aria-label={chatText.feedbackLabel}>
      {(['up', 'down'] as const).map((r) => (
        <button
          key={r}
          type="button"
          className={`icon-btn small vote-btn${f.rating === r ? ' is-chosen' : ''}`}
          aria-pressed={f.rating === r}
          aria-label={r === 'up' ? chatText.voteUp : chatText.voteDown}
          title={r === 'up' ? chatText.voteUp : chatText.voteDown}
          disabled={f.status === 'sending'}
          onClick={() => void f.vote(r)}
        >
          {r === 'up' ? <ThumbUpIcon /> : <ThumbDownIcon />}
        </button>
      ))}
    </span>
  );
}

/** The comment form after a down vote, and the outcome line; takes the footer's full width. */
export function FeedbackPanel({ f }: { f: FeedbackState }) {
  const id = useId();
  const [comment, setComment] = useState('');
  const message = f.status === 'error' ? chatText.feedbackError : f.status === 'sent' && !f.commenting ? chatText.feedbackThanks : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = comment.trim();
    if (text) void f.vote('down', text);
    else f.closeComment();
  };
  if (!f.commenting && !message) return null;
  return (
    <div className="feedback-panel">
      {f.commenting && (
        <form className="feedback-form" onSubmit={submit}>
          <label htmlFor={id}>{chatText.feedbackCommentLabel}</label>
          <textarea id={id} rows={2} maxLength={COMMENT_MAX} value={comment} onChange={(e) => setComment(e.target.value)} />
          <span className="feedback-form-actions">
            <button type="button" className="btn btn-outline btn-small" onClick={f.closeComment}>
              {chatText.feedbackSkip}
            </button>
            <button type="submit" className="btn btn-primary btn-small" disabled={f.status === 'sending'}>
              {chatText.feedbackSend}
            </button>
          </span>
        </form>
      )}
      {message && (
        <p className={f.status === 'error' ? 'feedback-status msg-error' : 'feedback-status'} role="status">
          {message}
        </p>
      )}
    </div>
  );
}
