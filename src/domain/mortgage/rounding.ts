/** Euros to the cent. */
export function roundMoney(value: number): number {
  return roundHalfUp(value, 100)
}

/** Rates and ratios in percent, 3 decimals. */
export function roundRate(value: number): number {
  return roundHalfUp(value, 1000)
}

/**
 * Half away from zero at `scale` (100 for cents), of the value as written: 1.005 rounds to 1.01
 * although its binary value is 1.00499999999999989… The rule is "round the scaled value to 15
 * significant digits, which drops binary noise, then to a whole number", and it is applied exactly:
 * the 15-digit step can only change the result when the scaled value lies within half a unit of
 * its 15th digit of a half (….5). Any other value is rounded with Math.round directly; those few
 * take the decimal route (toPrecision), so every result is the one the rule gives.
 */
function roundHalfUp(value: number, scale: number): number {
  const scaled = Math.abs(value) * scale
  // NaN and values of 1e14 or more (no cents left at 15 digits) fail the test and take the exact route.
  if (scaled < 1e14) {
    const whole = Math.floor(scaled)
    // Exact: `scaled` and its floor are doubles below 2^53 in the same binade or 0.
    const fromHalf = Math.abs(scaled - whole - 0.5)
    // A 15-significant-digit unit of `scaled` is at most scaled·1e-14, so the decimal step moves it
    // by less than that (plus half an ulp, far smaller); 1e-300 keeps 0 and subnormals on this path.
    if (fromHalf > scaled * 1e-14 + 1e-300) {
      const rounded = Math.round(scaled) / scale
      return value < 0 ? -rounded : rounded
    }
  }
  return roundHalfUpDecimal(value, scale)
}

function roundHalfUpDecimal(value: number, scale: number): number {
  // toPrecision(15) drops binary noise first, so 1.005 rounds to 1.01 as written.
  const scaled = Number((Math.abs(value) * scale).toPrecision(15))
  const rounded = Math.round(scaled) / scale
  return value < 0 ? -rounded : rounded
}
