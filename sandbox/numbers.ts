/** Rounding for money (cents) and quantities (no float dust after adding and subtracting). */
export const round2 = (n: number) => Math.round(n * 100) / 100;
export const roundQuantity = (n: number) => Math.round(n * 1e6) / 1e6;
