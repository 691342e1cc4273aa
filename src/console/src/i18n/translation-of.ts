/**
 * What a translation of an English dictionary (or one part of it) must hold: the same keys, with
 * any string in place of each English one. Typing each zh-CN part with it makes the compiler name
 * a key that is missing or extra right in the file that has it wrong.
 */
export type TranslationOf<T> = { [K in keyof T]: T[K] extends string ? string : TranslationOf<T[K]> };
