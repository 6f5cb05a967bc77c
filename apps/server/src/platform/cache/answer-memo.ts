/**
 * A process's short memory of list answers, per company (ADR 0005, ADR 0014): an answer is
 * remembered from the moment it is asked — requests for it meanwhile share the one query instead of
 * each running it — for `maxAgeMs`, at most `maxAnswers` over all companies (when full, the company
 * that started remembering longest ago starts afresh). A failed query is not remembered. A write
 * this process commits forgets its company's answers at once (`forget`); another process's write
 * shows within `maxAgeMs`. With several processes nothing is shared: each remembers its own, which
 * is why the age is short. `maxAgeMs` 0 remembers nothing.
 */
export function answerMemo<A>({ maxAgeMs, maxAnswers }: { maxAgeMs: number; maxAnswers: number }) {
  const answers = new Map<number, Map<string, { at: number; answer: Promise<A> }>>();
  let held = 0;

  function forget(companyId: number) {
    held -= answers.get(companyId)?.size ?? 0;
    answers.delete(companyId);
  }

  function remembered(companyId: number, key: string) {
    const a = answers.get(companyId)?.get(key);
    if (a && Date.now() - a.at < maxAgeMs) return a.answer;
    return undefined;
  }

  function remember(companyId: number, key: string, answer: Promise<A>) {
    if (maxAgeMs <= 0) return;
    if (held >= maxAnswers) forget(answers.keys().next().value as number);
    let mine = answers.get(companyId);
    if (!mine) {
      mine = new Map();
      answers.set(companyId, mine);
    }
    if (!mine.has(key)) held += 1;
    const entry = { at: Date.now(), answer };
    mine.set(key, entry);
    // A failed query is not remembered (unless a newer answer has taken its place).
    answer.catch(() => {
      if (answers.get(companyId)?.get(key) === entry) {
        answers.get(companyId)?.delete(key);
        held -= 1;
      }
    });
  }

  return {
    forget,
    /** The remembered answer of `key`, or `ask()`'s, remembered from now. */
    answer(companyId: number, key: string, ask: () => Promise<A>): Promise<A> {
      let pending = remembered(companyId, key);
      if (!pending) {
        pending = ask();
        remember(companyId, key, pending);
      }
      return pending;
    },
  };
}
