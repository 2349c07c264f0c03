const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Sets a field as an own property, even one named `__proto__` (so a schema reports it as unknown). */
function ownField(target: Record<string, unknown>, key: string, value: unknown) {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}

/**
 * A body whose fields sent as null count as absent, two levels deep (the groups of a request and
 * their fields): generated clients often send every field, null when unset.
 */
export function withoutNulls(raw: unknown): unknown {
  if (!isObject(raw)) return raw
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(raw)) {
    const group = raw[key]
    if (group === null) continue
    if (!isObject(group)) {
      ownField(out, key, group)
      continue
    }
    const fields: Record<string, unknown> = {}
    for (const field of Object.keys(group)) if (group[field] !== null) ownField(fields, field, group[field])
    ownField(out, key, fields)
  }
  return out
}

/**
 * JSON Merge Patch (RFC 7396) of a stored record, two levels deep (groups and their fields): a field
 * left out keeps its value, null removes it. Whatever the patch holds is validated afterwards.
 */
export function mergePatch(stored: object, patch: unknown): unknown {
  if (!isObject(patch)) return patch
  const merged: Record<string, unknown> = { ...(stored as Record<string, unknown>) }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete merged[key]
    } else if (isObject(value) && isObject(merged[key])) {
      const group: Record<string, unknown> = { ...merged[key] }
      for (const [field, fieldValue] of Object.entries(value)) {
        if (fieldValue === null) delete group[field]
        else group[field] = fieldValue
      }
      merged[key] = group
    } else {
      merged[key] = value
    }
  }
  return merged
}
