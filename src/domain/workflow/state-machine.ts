/**
 * A workflow as a table: each status and the statuses it may move to. A status with no way out is
 * final. Pure data and functions (docs/architecture.md "Layers": rules live in domain/, no HTTP, no SQL).
 */
export type Workflow<S extends string> = Readonly<Record<S, readonly S[]>>

export type TransitionCheck<S extends string> =
  { allowed: true } | { allowed: false; from: S; to: S; /** Where `from` may go instead; empty for a final status. */ next: readonly S[] }

/** Whether `from` may move to `to`; staying in the same status is not a transition. */
export function checkTransition<S extends string>(workflow: Workflow<S>, from: S, to: S): TransitionCheck<S> {
  const next = workflow[from]
  return next.includes(to) ? { allowed: true } : { allowed: false, from, to, next }
}

export const isFinal = <S extends string>(workflow: Workflow<S>, status: S): boolean => workflow[status].length === 0

/** The languages a refusal is written in (the API's, kept here so the domain imports nothing). */
export type RefusalLanguage = 'pt-PT' | 'en'

/**
 * A workflow over the ids of its reference list, with the flags the list carries. Cancelable is
 * derived (a status that may move to the cancelled one), final too (no way out); the other flags
 * name their statuses. The reference list's seed holds the same ids and flags, checked by a test.
 */
export function lifecycle<S extends string, F extends string>(spec: {
  ids: Readonly<Record<S, number>>
  workflow: Workflow<S>
  cancelled: S
  flags: Readonly<Record<F, readonly S[]>>
}) {
  const { ids, workflow, cancelled, flags } = spec
  const byId = new Map<number, S>(Object.entries(ids).map(([code, id]) => [id as number, code as S]))
  // Methods, not arrow properties: a lifecycle of particular codes is then usable where any lifecycle is.
  return {
    codes: Object.keys(ids) as S[],
    workflow,
    id(code: S): number {
      return ids[code]
    },
    codeOf(id: number): S | undefined {
      return byId.get(id)
    },
    isFinal(code: S): boolean {
      return isFinal(workflow, code)
    },
    isCancelable(code: S): boolean {
      return workflow[code].includes(cancelled)
    },
    has(flag: F, code: S): boolean {
      return flags[flag].includes(code)
    },
    check(from: S, to: S): TransitionCheck<S> {
      return checkTransition(workflow, from, to)
    },
  }
}

export type Lifecycle<S extends string, F extends string = string> = ReturnType<typeof lifecycle<S, F>>

/**
 * Why a move is refused, in both languages, naming the current status and the ones it may move to.
 * `nameOf` gives a status's name as the reference list describes it (the list holds the names).
 */
export function transitionRefusal<S extends string>(check: TransitionCheck<S>, nameOf: (code: S, lang: RefusalLanguage) => string): Record<RefusalLanguage, string> | null {
  if (check.allowed) return null
  const sentence = (lang: RefusalLanguage) => {
    const [from, to, next] = [nameOf(check.from, lang), nameOf(check.to, lang), check.next.map((code) => nameOf(code, lang)).join(', ')]
    if (lang === 'pt-PT') {
      return `Transição impossível de ${from} para ${to}. ${next ? `A partir de ${from} são permitidos: ${next}.` : `${from} é um estado final.`}`
    }
    return `Impossible transition from ${from} to ${to}. ${next ? `Allowed from ${from}: ${next}.` : `${from} is a final status.`}`
  }
  return { 'pt-PT': sentence('pt-PT'), en: sentence('en') }
}
