/** The menu of spec §2, filtered by audience and abilities (domain/permissions visibleMenu). */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { visibleMenu } from '../../../domain/permissions';
import type { UserData } from '../../../domain/schemas/auth';
import type { Resource } from '../../../domain/permissions';
import { SCREENS, registeredMenuKeys } from '../registry';

export function hrefOf(menuKey: string, user: UserData): string | null {
  const screen = SCREENS.find((s) => s.menuKey === menuKey);
  if (!screen) return null;
  return screen.menuHref ? screen.menuHref(user) : screen.path;
}

export function Menu({ user, orientation }: { user: UserData; orientation: 'horizontal' | 'vertical' }) {
  const { t } = useTranslation();
  const sections = visibleMenu(user.audience, user.ability, user.extendedResources as Resource[], (k) =>
    registeredMenuKeys.has(k),
  );
  return (
    <nav className={`menu menu-${orientation}`} aria-label={t('nav.menu')}>
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
