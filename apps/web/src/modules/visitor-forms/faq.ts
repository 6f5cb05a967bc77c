/** Whether a FAQ entry matches what the visitor typed: every word, in the question or the answer. */
export function matchesFaq(p: { question: string; answer: string }, keyword: string): boolean {
  const words = keyword.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${p.question}\n${p.answer}`.toLowerCase();
  return words.every((w) => text.includes(w));
}
