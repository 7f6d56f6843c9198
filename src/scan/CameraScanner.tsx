/**
 * Camera scanning with @zxing/browser: the rear camera, 1D and 2D codes, the torch where the
 * device has one. Loaded on demand (the decoder is large) by the screens' "camera" button. The
 * same code seen again within a moment is ignored, since the camera sees it in every frame.
 */
import { BrowserMultiFormatReader, type IScannerControls } from '@zxing/browser';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const REPEAT_QUIET_MS = 1500;

export default function CameraScanner({ onScan, onClose }: { onScan: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const controls = useRef<IScannerControls | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [torch, setTorch] = useState<boolean | null>(null);
  const handler = useRef(onScan);
  handler.current = onScan;

  useEffect(() => {
    let stopped = false;
    let last = { code: '', at: 0 };
    const reader = new BrowserMultiFormatReader();
    if (!video.current) return;
    reader
      .decodeFromConstraints({ video: { facingMode: { ideal: 'environment' } } }, video.current, (result) => {
        if (!result) return;
        const code = result.getText();
        const now = performance.now();
        if (code === last.code && now - last.at < REPEAT_QUIET_MS) return;
        last = { code, at: now };
        handler.current(code);
      })
      .then((c) => {
        if (stopped) return c.stop();
        controls.current = c;
        setTorch(c.switchTorch ? false : null);
      })
      .catch((err: unknown) =>
        setError(
          err instanceof Error && err.name === 'NotAllowedError' ? t('scan.cameraDenied') : t('scan.cameraUnavailable'),
        ),
      );
    return () => {
      stopped = true;
      controls.current?.stop();
      controls.current = null;
    };
  }, [t]);

  const toggleTorch = async () => {
    const next = !torch;
    await controls.current?.switchTorch?.(next).catch(() => undefined);
    setTorch(next);
  };

  return (
    <div className="camera-scanner" role="region" aria-label={t('scan.camera')}>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : (
        <video ref={video} muted playsInline className="camera-video" />
      )}
      <div className="row-actions">
        {torch !== null && (
          <button type="button" className="btn" aria-pressed={torch} onClick={() => void toggleTorch()}>
            {t('scan.torch')}
          </button>
        )}
        <button type="button" className="btn" onClick={onClose}>
          {t('scan.closeCamera')}
        </button>
      </div>
    </div>
  );
}
