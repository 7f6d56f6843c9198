import { describe, expect, it } from 'vitest';
import { en } from '../../src/locales/en';
import { de } from '../../src/locales/de';
import { fr } from '../../src/locales/fr';
import { pt } from '../../src/locales/pt';
import { ACTIONS, MENU, RESOURCES } from '../../domain/permissions';
import { CSV_ISSUE_CODES } from '../../domain/rules/po-csv';

type Tree = { [k: string]: string | Tree };
const flatten = (t: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(t).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flatten(v, `${prefix}${k}.`)),
    ),
  );

const locales = { de, fr, pt } as Record<string, Tree>;
const source = flatten(en as Tree);

describe('translations', () => {
  for (const [code, messages] of Object.entries(locales)) {
    it(`${code} has exactly the keys of en, none empty`, () => {
      const flat = flatten(messages);
      expect(Object.keys(flat).sort()).toEqual(Object.keys(source).sort());
      for (const [k, v] of Object.entries(flat)) expect(v.trim(), k).not.toBe('');
    });
    it(`${code} is a real translation, not an English copy`, () => {
      const flat = flatten(messages);
      // Brand names, codes and words that are the same in both languages may match; most must not.
      const same = Object.keys(source).filter((k) => flat[k] === source[k]);
      expect(same.length / Object.keys(source).length).toBeLessThan(0.25);
    });
    it(`${code} keeps the interpolation placeholders`, () => {
      const flat = flatten(messages);
      for (const [k, v] of Object.entries(source)) {
        const vars = (v.match(/{{\w+}}/g) ?? []).sort();
        expect((flat[k].match(/{{\w+}}/g) ?? []).sort(), k).toEqual(vars);
      }
    });
  }
  it('every menu section and entry of the catalogue has a label', () => {
    for (const section of MENU) {
      expect(source[`nav.${section.key}`], section.key).toBeTruthy();
      for (const e of section.entries) expect(source[`nav.${e.key}`], e.key).toBeTruthy();
    }
  });
  it('every permission resource and action has a readable label (no raw names on the roles screen)', () => {
    for (const r of RESOURCES) expect(source[`permissions.resources.${r}`], r).toBeTruthy();
    for (const a of ACTIONS) expect(source[`permissions.actions.${a}`], a).toBeTruthy();
    expect(source['permissions.resources.deliveredPackages']).not.toBe('deliveredPackages');
  });
  it('every CSV upload issue can be said in each language', () => {
    for (const code of CSV_ISSUE_CODES) expect(source[`csvIssue.${code}`], code).toBeTruthy();
  });
});

describe('Portuguese is Brazilian Portuguese throughout', () => {
  // Words and spellings of Portugal that a Brazilian seller reads as foreign (pt-BR in brackets).
  // Whole words, accents included (JavaScript's \b knows only ASCII letters).
  const word = (w: string) => new RegExp(`(?<!\\p{L})(?:${w})(?!\\p{L})`, 'iu');
  const PT_PT = [
    word('receção'), // recebimento / recepção
    word('rastreio'), // rastreamento
    word('câmara'), // câmera
    word('definições'), // configurações
    word('ficheiros?'), // arquivo
    word('descarregar'), // baixar
    word('guardar'), // salvar
    word('artigos?'), // item
    word('encomendas?'), // pedido
    word('regist(?:ar|ado|ada|o)'), // registrar, registrado, registro
    word('utilizador(?:es)?'), // usuário
    word('ecrã'), // tela
    word('palavra-passe'), // senha
    word('detet\\p{L}*'), // detectado
    word('fotografias?'), // foto
    word('noutr[oa]s?'), // em outro
    word('ligue-(?:o|se)'), // conecte
    word('a (?:aguardar|carregar|processar|enviar|imprimir|sincronizar)'), // gerúndio: aguardando…
    word('introduz\\p{L}*'), // informar, digitar
    word('gerir'), // gerenciar
  ];
  const flat = flatten(pt as Tree);
  it('no string uses a pt-PT word or form', () => {
    const found = Object.entries(flat).flatMap(([k, v]) =>
      PT_PT.filter((re) => re.test(v)).map((re) => `${k}: ${v} (${re.source})`),
    );
    expect(found).toEqual([]);
  });
});
