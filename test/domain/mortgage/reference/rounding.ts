// Test-only reference: src/domain/mortgage/rounding.ts as it was before the fast path.
/** Euros to the cent. */
export function roundMoney(value: number): number {
  return roundHalfUp(value, 2)
}

/** Rates and ratios in percent, 3 decimals. */
export function roundRate(value: number): number {
  return roundHalfUp(value, 3)
}

function roundHalfUp(value: number, decimals: number): number {
  // toPrecision(15) drops binary noise first, so 1.005 rounds to 1.01 as written.
  const scaled = Number((Math.abs(value) * 10 ** decimals).toPrecision(15))
  const rounded = Math.round(scaled) / 10 ** decimals
  return value < 0 ? -rounded : rounded
}
