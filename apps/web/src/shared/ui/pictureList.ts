/** A picture list's changes (PictureListUpload), pure: each answers a new list. */

/** `added` after the list, as many as fit within `max`. */
export const addPictures = (list: readonly string[], added: readonly string[], max: number): string[] =>
  [...list, ...added].slice(0, Math.max(max, list.length));

/** The picture at `from` moved to `to` (both within the list; otherwise the list as it was). */
export function movePicture(list: readonly string[], from: number, to: number): string[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [picked] = next.splice(from, 1);
  if (picked !== undefined) next.splice(to, 0, picked);
  return next;
}

/** The list without the picture at `index`. */
export const removePicture = (list: readonly string[], index: number): string[] =>
  list.filter((_, i) => i !== index);

/**
 * The list with a removed picture back where it was (at the end when the list is shorter now);
 * unchanged when it is full or holds the picture again.
 */
export function undoRemove(
  list: readonly string[],
  removed: { address: string; index: number },
  max: number,
): string[] {
  if (list.length >= max || list.includes(removed.address)) return [...list];
  const next = [...list];
  next.splice(Math.min(removed.index, next.length), 0, removed.address);
  return next;
}

/** A key per picture that stays with it when the list is reordered (the same address twice: #2). */
export function pictureKeys(list: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return list.map((address) => {
    const n = (seen.get(address) ?? 0) + 1;
    seen.set(address, n);
    return n === 1 ? address : `${address}#${n}`;
  });
}
