// "เพิ่มคำพ้อง" from a topic group: the documents' word first, then the students' words (POST /api/synonyms,
// the synonyms editor's API). The next question is read with them; the page offers to test it again.
import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { api } from '../../../lib/api';
import { ti } from '../../../strings/insights';
import type { QuestionGroup } from './api';

const t = ti.synonym;

const splitWords = (s: string) =>
  s
    .split(/[,，、\n]/)
    .map((w) => w.trim())
    .filter(Boolean);

export function AddSynonymDialog({ group, onClose, onSaved }: { group: QuestionGroup | null; onClose: () => void; onSaved: (message: string) => void }) {
  const [docWord, setDocWord] = useState('');
  const [studentWords, setStudentWords] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!group) return;
    setDocWord('');
    setStudentWords(group.top_words[0] ?? '');
    setError(null);
  }, [group]);

  const terms = [docWord.trim(), ...splitWords(studentWords)].filter(Boolean);
  const valid = !!docWord.trim() && terms.length >= 2;
  const save = async () => {
    if (!valid) return setError(t.required);
    setBusy(true);
    setError(null);
    try {
      await api('/api/synonyms', { json: { terms } });
      onSaved(t.saved(terms.join(', ')));
    } catch (e) {
      setError(t.failed((e as Error).message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={!!group}
      title={t.title}
      busy={busy}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={busy}>
            {t.cancel}
          </button>
          <button type="button" className="btn btn-primary" onClick={save} disabled={busy || !valid}>
            {busy ? t.saving : t.save}
          </button>
        </>
      }
    >
      <form
        className="cat-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <p>{t.intro(group?.top_words.join(' · ') ?? '')}</p>
        <label htmlFor="synonym-doc-word">{t.docWord}</label>
        <input id="synonym-doc-word" value={docWord} maxLength={100} placeholder={t.docWordPlaceholder} onChange={(e) => setDocWord(e.target.value)} />
        <label htmlFor="synonym-student-words">{t.studentWords}</label>
        <input
          id="synonym-student-words"
          value={studentWords}
          maxLength={400}
          placeholder={t.studentWordsPlaceholder}
          onChange={(e) => setStudentWords(e.target.value)}
        />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
