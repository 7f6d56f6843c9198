/**
 * The floor's way in from the home page: a tile per floor screen the signed-in warehouse user may
 * open (package receiving at the dock, package scan, sort and receive, moves, the FBM pick list,
 * the packer's bench), each named by its screen's own title. Nothing shows for a client, or for a
 * user with no floor right.
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { mayOpen } from '../../app/guard';
import { SCREENS } from '../../app/registry';

/** The floor screens, in the order of the day: dock, receive, move, pick, pack. */
export const FLOOR_PATHS = [
  '/apps/inbound/package-receive-batch',
  '/apps/inbound/package-scan',
  '/apps/inbound/receive-batch/account-select',
  '/apps/wms/actions/move-batch',
  '/apps/outbound/fbm-force/pick-list',
  '/apps/outbound/bench',
] as const;

export function FloorWork() {
  const { t } = useTranslation();
  const screens = FLOOR_PATHS.flatMap((path) => SCREENS.filter((s) => s.path === path)).filter((s) => mayOpen(s));
  if (!screens.length) return null;
  return (
    <section data-testid="floor-work">
      <h2>{t('dashboard.floorTitle')}</h2>
      <div className="tiles">
        {screens.map((s) => (
          <Link key={s.path} to={s.path} className="tile tile-link" data-tile={s.path} data-testid="floor-tile">
            <span className="tile-label">{t(s.title)}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}
