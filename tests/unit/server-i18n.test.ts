import { describe, expect, it } from 'vitest';
import { languageOf, translator } from '../../server/i18n';

describe('the server’s words in the reader’s language', () => {
  it('takes the first supported language of the request’s header, English otherwise', () => {
    expect(languageOf('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(languageOf('xx, pt-BR;q=0.5')).toBe('pt');
    expect(languageOf('ja')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
  });

  it('renders from the same locale files as the screens, with interpolation and plurals', () => {
    expect(translator('de')('storageCharges.title')).toBe('Lagergebühren');
    expect(translator('en')('storageCharges.title')).toBe('Storage charges');
    // A key the locale lacks falls back to English rather than showing the key.
    expect(translator('fr')('storageCharges.title')).not.toBe('storageCharges.title');
  });
});
