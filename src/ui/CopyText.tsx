import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from './feedback-store';

export const COPY_RESET_MS = 2000;

/** A value with a copy button: 'Copy' → 'Copied' for 2 s; 'Failed to copy text' on failure (spec §8). */
export function CopyText({ value }: { value: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const toast = useFeedback((s) => s.toast);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), COPY_RESET_MS);
    } catch {
      toast('error', t('app.copyFailed'));
    }
  };
  return (
    <span className="copy-text">
      <code>{value}</code>
      <button type="button" className="btn small" onClick={() => void copy()}>
        {copied ? t('app.copied') : t('app.copy')}
      </button>
    </span>
  );
}
