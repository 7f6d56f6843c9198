/**
 * Theme and layout (spec §1, §9): dark and horizontal by default; `<html>` carries data-theme and
 * data-layout. Saved on the device and, for a signed-in user, through the settings service
 * (THEMESETTINGS, referenceType USER) so another device of the same user opens the same way.
 */
import { create } from 'zustand';
import { settingRowSchema } from '../../domain/schemas/settings';
import { post } from '../api/client';
import { getAs } from '../api/typed';

export type ThemeSkin = 'dark' | 'light';
export type LayoutType = 'horizontal' | 'vertical' | 'full';
export interface ThemeSettings {
  themeSkin: ThemeSkin;
  themeComponentSkin: 'default' | 'bordered';
  themeLayoutType: LayoutType;
}
const DEFAULTS: ThemeSettings = { themeSkin: 'dark', themeComponentSkin: 'default', themeLayoutType: 'horizontal' };
const LOCAL_KEY = 'themeSettings';

function apply(s: ThemeSettings) {
  document.documentElement.dataset.theme = s.themeSkin;
  document.documentElement.dataset.layout = s.themeLayoutType;
  document.documentElement.dataset.skin = s.themeComponentSkin;
}

function local(): ThemeSettings {
  try {
    return { ...DEFAULTS, ...(JSON.parse(localStorage.getItem(LOCAL_KEY) ?? '{}') as Partial<ThemeSettings>) };
  } catch {
    return DEFAULTS;
  }
}

interface ThemeState extends ThemeSettings {
  set(patch: Partial<ThemeSettings>, userId?: number): Promise<void>;
  restore(userId: number): Promise<void>;
}

export const useTheme = create<ThemeState>((setState, getState) => {
  const initial = local();
  apply(initial);
  return {
    ...initial,
    async set(patch, userId) {
      const next = { ...pick(getState()), ...patch };
      localStorage.setItem(LOCAL_KEY, JSON.stringify(next));
      apply(next);
      setState(next);
      if (userId) {
        await post(
          '/api/common/settings/create-or-update',
          { referenceId: userId, referenceType: 'USER', settingKey: 'THEMESETTINGS', value: JSON.stringify(next) },
          { quiet: true, background: true },
        ).catch(() => undefined);
      }
    },
    async restore(userId) {
      const row = await getAs('/api/common/settings/reference', settingRowSchema.nullable(), {
        query: { referenceId: userId, referenceType: 'USER', settingKey: 'THEMESETTINGS' },
        quiet: true,
        background: true,
      }).catch(() => null);
      if (!row) return;
      const next = { ...DEFAULTS, ...(JSON.parse(row.value) as Partial<ThemeSettings>) };
      localStorage.setItem(LOCAL_KEY, JSON.stringify(next));
      apply(next);
      setState(next);
    },
  };
});

const pick = (s: ThemeSettings): ThemeSettings => ({
  themeSkin: s.themeSkin,
  themeComponentSkin: s.themeComponentSkin,
  themeLayoutType: s.themeLayoutType,
});
