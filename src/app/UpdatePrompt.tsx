/** Registers the service worker; when a new build is waiting, offers "new version — reload". */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const [update, setUpdate] = useState<null | (() => Promise<void>)>(null);
  useEffect(() => {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
    let cancelled = false;
    void import('virtual:pwa-register').then(({ registerSW }) => {
      const updateSW = registerSW({
        immediate: true,
        onNeedRefresh: () => !cancelled && setUpdate(() => () => updateSW(true)),
      });
    });
    return () => {
      cancelled = true;
    };
  }, []);
  if (!update) return null;
  return (
    <div className="update-prompt" role="alert">
      <span>{t('app.newVersion')}</span>
      <button type="button" className="btn primary" onClick={() => void update()}>
        {t('app.reload')}
      </button>
      <button type="button" className="btn" onClick={() => setUpdate(null)}>
        {t('app.later')}
      </button>
    </div>
  );
}
