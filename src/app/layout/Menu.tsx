/** The menu of spec §2, filtered by audience and abilities (domain/permissions visibleMenu). */
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { visibleMenu } from '../../../domain/permissions';
import type { UserData } from '../../../domain/schemas/auth';
import type { Resource } from '../../../domain/permissions';
import { mayOpen } from '../guard';
import { SCREENS, registeredMenuKeys } from '../registry';

export function hrefOf(menuKey: string, user: UserData): string | null {
  const screen = SCREENS.find((s) => s.menuKey === menuKey);
  if (!screen) return null;
  return screen.menuHref ? screen.menuHref(user) : screen.path;
}

/** An entry is offered only when its screen would open for this user (the route guard's own check). */
const screenOpens = (menuKey: string): boolean => {
  const screen = SCREENS.find((s) => s.menuKey === menuKey);
  return !!screen && mayOpen(screen);
};

export function Menu({ user, orientation }: { user: UserData; orientation: 'horizontal' | 'vertical' }) {
  const { t } = useTranslation();
  const nav = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // A horizontal dropdown closes once its link has taken the user somewhere.
  useEffect(() => {
    if (orientation !== 'horizontal') return;
    nav.current?.querySelectorAll('details[open]').forEach((d) => d.removeAttribute('open'));
  }, [pathname, orientation]);
  const sections = visibleMenu(user.audience, user.ability, user.extendedResources as Resource[], (k) =>
    registeredMenuKeys.has(k),
  )
    .map((section) => ({ ...section, entries: section.entries.filter((e) => e.userExtended || screenOpens(e.key)) }))
    .filter((section) => section.entries.length > 0);
  return (
    <nav
      ref={nav}
      id={orientation === 'horizontal' ? 'main-menu' : undefined}
      className={`menu menu-${orientation}`}
      aria-label={t('nav.menu')}
    >
      {sections.map((section) => (
        <details key={section.key} className="menu-section" open={orientation === 'vertical'}>
          <summary>{t(`nav.${section.key}`)}</summary>
          <ul>
            {section.entries.map((entry) => {
              const href = hrefOf(entry.key, user);
              if (!href) return null;
              return (
                <li key={entry.key}>
                  <Link
                    to={href}
                    className="menu-link"
                    data-menu-key={entry.key}
                    activeProps={{ className: 'menu-link active' }}
                  >
                    {t(`nav.${entry.key}`)}
                    {entry.userExtended && (
                      <span className="badge" title={t('nav.userExtended')}>
                        +
                      </span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </details>
      ))}
    </nav>
  );
}
