/**
 * Walmart WFS (/apps/outbound/wfs), step 1: the client whose units held at PREP-WFS are to be
 * planned. The same client choice as FBA's; a client user goes straight to its own plans.
 */
import { Link, Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ClientChoice } from '../fba/FbaAccountSelectPage';
import { accountSegment, useOwnClient } from '../fba/clients';
import { wfsClientPlansHref } from './links';

export default function WfsAccountSelectPage() {
  const { t } = useTranslation();
  const own = useOwnClient();
  if (own) return <Navigate to={wfsClientPlansHref(accountSegment(own))} replace />;
  return (
    <ClientChoice
      title={t('wfs.selectTitle')}
      intro={
        <>
          {t('wfs.selectIntro')}{' '}
          <Link to="/apps/outbound/wfs/shipping/templates" data-testid="wfs-templates-link">
            {t('wfsTemplates.title')}
          </Link>
        </>
      }
      hrefOf={(c) => wfsClientPlansHref(accountSegment(c))}
    />
  );
}
