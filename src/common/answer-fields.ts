/** The keys of T whose value may be missing (null or undefined). */
type MaybeMissing<T> = { [K in keyof T]-?: null extends T[K] ? K : undefined extends T[K] ? K : never }[keyof T]

/** T with every field that may be null or undefined turned into an optional field that is never null. */
export type WithoutNulls<T> = { [K in Exclude<keyof T, MaybeMissing<T>>]: T[K] } & { [K in MaybeMissing<T>]?: Exclude<T[K], null | undefined> }

/**
 * The fields of one object of an answer, those without a value (null or undefined) left out: the
 * bank's answers never send null for a field (docs/design.md "Fields without a value"). Shallow:
 * a nested object is built with it on its own. Keys keep their order.
 *
 * @example withoutNulls({ elegibility: true, nonElegibilityDescription: null }) // { elegibility: true }
 */
export function withoutNulls<T extends object>(fields: T): WithoutNulls<T> {
  const kept: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(fields)) if (value !== null && value !== undefined) kept[key] = value
  return kept as WithoutNulls<T>
}
