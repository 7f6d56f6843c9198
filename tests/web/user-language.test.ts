// @vitest-environment jsdom
/**
 * The person's language on the device (issue 41): at sign-in the saved language wins; a user who
 * never chose keeps this screen's language, which is saved as theirs; a choice made while the
 * server cannot be reached stays on the screen and is saved later (back online, or at the next
 * sign-in), never holding the screen up; a refused save is dropped.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import type { UserData } from '../../domain/schemas/auth';
import { ApiFailure } from '../../src/api/client';

const putAs = vi.fn();
vi.mock('../../src/api/typed', () => ({ putAs: (...a: unknown[]) => putAs(...a) }));

const { initI18n, setLanguage, chooseLanguage, adoptUserLanguage, savePendingLanguage } =
  await import('../../src/app/i18n');
const { useSession } = await import('../../src/app/session');

const user = (over: Partial<UserData> = {}): UserData => ({
  id: 4,
  companyId: 1,
  tenantId: 1,
  tenantKey: 'demo',
  fullname: 'Riley Receiver',
  username: 'demo.receiver',
  email: null,
  role: { roleName: 'Floor Staff', id: 3 },
  ability: [],
  extendedResources: [],
  audience: 'Warehouse',
  companyName: 'Demo Prep Co',
  accountNo: 'C1000',
  mfaEnabled: false,
  mfaSetupRequired: false,
  langKey: null,
  ...over,
});
const signIn = (u: UserData) =>
  useSession.setState({ user: u, accessToken: 'header.eyJleHAiOjQxMDI0NDQ4MDB9.sig', refreshToken: 'refresh' });
const saved = () => putAs.mock.calls.map((c) => (c[1] as { langKey: string }).langKey);
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeAll(() => {
  initI18n();
});
beforeEach(async () => {
  localStorage.removeItem('languagePending');
  await setLanguage('en');
  putAs.mockImplementation(async (_path: string, body: { langKey: string }) => user({ langKey: body.langKey as 'de' }));
});
afterEach(() => {
  vi.clearAllMocks();
  useSession.setState({ user: null, accessToken: null, refreshToken: null });
});

describe('the language at sign-in', () => {
  it("the user's saved language wins over this device's", async () => {
    signIn(user({ langKey: 'de' }));
    await adoptUserLanguage(user({ langKey: 'de' }));
    expect(i18next.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('language')).toBe('de');
    expect(putAs).not.toHaveBeenCalled();
  });

  it('a user who never chose keeps the language of this screen, saved as theirs', async () => {
    await setLanguage('pt'); // chosen on the sign-in page
    signIn(user());
    await adoptUserLanguage(user());
    await settle();
    expect(i18next.language).toBe('pt');
    expect(saved()).toEqual(['pt']);
    expect(putAs.mock.calls[0][0]).toBe('/api/account/language');
    expect(useSession.getState().user?.langKey).toBe('pt');
  });
});

describe('choosing a language', () => {
  it('signed in: shown at once and saved on the user, in the order chosen', async () => {
    signIn(user());
    await chooseLanguage('fr');
    expect(i18next.language).toBe('fr');
    await chooseLanguage('de');
    await settle();
    await settle();
    expect(saved()).toEqual(['fr', 'de']);
  });

  it('signed out (the public pages): shown, kept on the device, nothing sent', async () => {
    await chooseLanguage('de');
    expect(i18next.language).toBe('de');
    expect(localStorage.getItem('language')).toBe('de');
    expect(putAs).not.toHaveBeenCalled();
  });

  it('offline: the screen changes, the choice waits and is saved when the server answers again', async () => {
    signIn(user({ langKey: 'en' }));
    putAs.mockRejectedValueOnce(new ApiFailure(0, ['You are offline']));
    await chooseLanguage('de');
    await settle();
    expect(i18next.language).toBe('de');
    expect(JSON.parse(localStorage.getItem('languagePending')!)).toEqual({ userId: 4, language: 'de' });
    await savePendingLanguage(); // back online
    expect(saved()).toEqual(['de', 'de']);
    expect(localStorage.getItem('languagePending')).toBeNull();
  });

  it('a choice waiting from offline wins at the next sign-in over the language saved before', async () => {
    signIn(user({ langKey: 'en' }));
    putAs.mockRejectedValueOnce(new ApiFailure(0, ['You are offline']));
    await chooseLanguage('fr');
    await settle();
    await setLanguage('en'); // the device shows something else meanwhile
    signIn(user({ langKey: 'en' }));
    await adoptUserLanguage(user({ langKey: 'en' }));
    await settle();
    expect(i18next.language).toBe('fr');
    expect(saved()).toEqual(['fr', 'fr']);
    expect(localStorage.getItem('languagePending')).toBeNull();
  });

  it("another user's waiting choice is not theirs: the saved language applies", async () => {
    localStorage.setItem('languagePending', JSON.stringify({ userId: 99, language: 'pt' }));
    signIn(user({ langKey: 'de' }));
    await adoptUserLanguage(user({ langKey: 'de' }));
    expect(i18next.language).toBe('de');
    expect(putAs).not.toHaveBeenCalled();
  });

  it('a refused save is dropped, not retried', async () => {
    signIn(user());
    putAs.mockRejectedValueOnce(new ApiFailure(400, ['langKey: not one of the choices']));
    await chooseLanguage('de');
    await settle();
    expect(localStorage.getItem('languagePending')).toBeNull();
    expect(i18next.language).toBe('de');
  });
});
