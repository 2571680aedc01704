// What a script can put in the question log (issue 34 finding 7): long runs of random Thai syllables, each answered
// by the fallback. Shared by the insights load test and the insights benches; the same seed gives the same questions.

/** A generator of `chars`-character questions of random Thai syllables, deterministic from `seed`. */
export function longThaiQuestions(chars: number, seed = 7): () => string {
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const CONSONANTS = [...'กขคงจฉชซญดตถทธนบปผพฟภมยรลวศสหอฮ'];
  const VOWELS = ['า', 'ิ', 'ี', 'ึ', 'ู', 'ุ', 'ำ', 'ะ', '', '่', '้'];
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  return () => {
    let s = '';
    while (s.length < chars) s += pick(CONSONANTS) + pick(VOWELS) + (rand() < 0.15 ? ' ' : '');
    return s.slice(0, chars);
  };
}

/** A question-log row of a weak answer (the fallback, 5 % confidence) asked at `at`. */
export const weakQuestionRow = (id: string, question: string, at: number) => ({
  id,
  askedAt: new Date(at),
  question,
  confidence: 5,
  band: 'low' as const,
  fallback: true,
  sources: '[]',
  answerLength: 60,
  provider: 'extractive',
});
