/** Units the next scan stands for (empty = one); kept in the bench's store so the scan reads it without a render. */
import { useTranslation } from 'react-i18next';
import { setBench, useBenchStore } from './bench-store';

export function CountField() {
  const { t } = useTranslation();
  const count = useBenchStore((s) => s.count);
  return (
    <label className="field bench-count">
      <span>{t('bench.count')}</span>
      <input
        name="count"
        type="number"
        min={1}
        inputMode="numeric"
        placeholder="1"
        value={count}
        onChange={(e) => setBench({ count: e.target.value })}
      />
    </label>
  );
}
