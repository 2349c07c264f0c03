/**
 * A workflow as a table: each status and the statuses it may move to. A status with no way out is
 * final. Pure data and functions (docs/architecture.md "Layers": rules live in domain/, no HTTP, no SQL).
 */
export type Workflow<S extends string> = Readonly<Record<S, readonly S[]>>

export type TransitionCheck<S extends string> =
  | { allowed: true }
  | { allowed: false; from: S; to: S; /** Where `from` may go instead; empty for a final status. */ next: readonly S[] }

/** Whether `from` may move to `to`; staying in the same status is not a transition. */
export function checkTransition<S extends string>(workflow: Workflow<S>, from: S, to: S): TransitionCheck<S> {
  const next = workflow[from]
  return next.includes(to) ? { allowed: true } : { allowed: false, from, to, next }
}

export const isFinal = <S extends string>(workflow: Workflow<S>, status: S): boolean => workflow[status].length === 0
