/**
 * Residents in pieces of this many, as the database stores them and the
 * property worker hands them over: each piece is cloned, read and checked in
 * a task of its own, well under 50 ms at 4x.
 */
export const RESIDENTS_PER_PIECE = 1000;

export function piecesOf<T>(list: readonly T[]): T[][] {
  const pieces: T[][] = [];
  for (let at = 0; at < list.length; at += RESIDENTS_PER_PIECE) pieces.push(list.slice(at, at + RESIDENTS_PER_PIECE));
  return pieces;
}
