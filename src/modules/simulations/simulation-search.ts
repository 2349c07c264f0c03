/**
 * The words of the list's text filter, as stored in simulation_search and as searched. Each word
 * is stored behind a prefix naming the broker ("t" + the broker id in base 36 on 6 characters +
 * "x"), so a prefix query reads the broker's entries only and a count needs no join; the fixed
 * width lets the index keep prefixes of 1 to 3 letters of a word (fts5 prefix = '9 10 11').
 */

/** Words: runs of letters and digits; anything else separates them (as the unicode61 tokenizer does). */
export const searchWords = (text: string): string[] => text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []

/** Lower case without accents: how the index compares words (unicode61 remove_diacritics 2). */
export const fold = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

export const tenantPrefix = (brokerId: number) => `t${brokerId.toString(36).padStart(6, '0')}x`

/** The indexed text of a simulation: every word of its names, tax ids and branch. */
export function searchTerms(brokerId: number, texts: ReadonlyArray<string | null | undefined>): string {
  const prefix = tenantPrefix(brokerId)
  return texts
    .flatMap((text) => (text ? searchWords(text) : []))
    .map((word) => prefix + word)
    .join(' ')
}

/**
 * The FTS5 query of the user's words: every one must start a stored word of the broker. null
 * when there is no word.
 * @example searchQuery(1001, ['ana', 'mart']) // '"t0000rtxana"* "t0000rtxmart"*'
 */
export function searchQuery(brokerId: number, words: readonly string[]): string | null {
  const prefix = tenantPrefix(brokerId)
  return words.length === 0
    ? null
    : words
        .slice(0, 8)
        .map((word) => `"${prefix}${word}"*`)
        .join(' ')
}

/**
 * The words that still filter something when every simulation of the broker has the same branch
 * description: a word that starts one of its words matches them all. With several branches, all.
 */
export function wordsBeyondBranch(words: readonly string[], branches: readonly string[]): string[] {
  if (branches.length !== 1) return [...words]
  const branchWords = searchWords(branches[0]!).map(fold)
  return words.filter((word) => !branchWords.some((b) => b.startsWith(fold(word))))
}
