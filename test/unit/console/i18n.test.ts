import { en } from '../../../src/console/src/i18n/en';
import { zhCN } from '../../../src/console/src/i18n/zh-CN';

type Tree = { [key: string]: string | Tree };

/** Every string of a dictionary by its dotted key. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);

// The type keeps the two shapes alike at compile time; this also checks what a type cannot: no
// empty translation, and every {{placeholder}} of the English string used by the Chinese one (which
// may name more of what the caller passes, e.g. an error's field).
describe('console strings', () => {
  const english = flatten(en as unknown as Tree);
  const chinese = flatten(zhCN as unknown as Tree);

  it('zh-CN has every en key and no other', () => {
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('every zh-CN string is filled in and keeps the English placeholders', () => {
    const wrong = [...english].filter(([key, text]) => {
      const translated = chinese.get(key) ?? '';
      const used = new Set(placeholders(translated));
      return !translated.trim() || !placeholders(text).every((name) => used.has(name));
    }).map(([key]) => key);
    expect(wrong).toEqual([]);
  });
});
