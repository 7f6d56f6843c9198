/**
 * "New box": a fresh box for a packing group, which the next scans of that group fill. With
 * several groups the packer says which (the box in front of them is the default).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BenchLineRow } from '../../../domain/schemas/bench';
import { groupKey, packingGroups } from './scan-plan';

interface Props {
  lines: BenchLineRow[];
  /** The group of the box on screen. */
  activeGroup: string | null | undefined;
  disabled?: boolean;
  onNewBox: (group: string | null) => void;
}

export function NewBoxControl({ lines, activeGroup, disabled, onNewBox }: Props) {
  const { t } = useTranslation();
  const groups = packingGroups(lines);
  const [chosen, setChosen] = useState<string | null>(null);
  const key = chosen ?? (activeGroup !== undefined ? groupKey(activeGroup) : (groups[0]?.key ?? ''));
  const group = groups.find((g) => g.key === key) ?? groups[0];
  return (
    <>
      {groups.length > 1 && (
        <label className="field">
          <span>{t('bench.groupFor')}</span>
          <select name="group" value={group?.key ?? ''} onChange={(e) => setChosen(e.target.value)}>
            {groups.map((g, i) => (
              <option key={g.key} value={g.key}>
                {t('bench.groupOption', { n: i + 1, skus: g.lines.length })}
              </option>
            ))}
          </select>
        </label>
      )}
      <button
        type="button"
        className="btn"
        data-testid="bench-new-box"
        disabled={disabled || !group}
        onClick={() => group && onNewBox(group.id)}
      >
        {t('bench.newBox')}
      </button>
    </>
  );
}
