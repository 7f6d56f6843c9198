/** The same keys with any words: what every locale of refusals/en.ts has. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
