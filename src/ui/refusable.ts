/**
 * An action the server may refuse in words (a 412 naming each box, SKU or line): while it runs,
 * which one is busy; once refused, the server's lines, to be listed beside the action rather than
 * in the error modal. Each screen says what the action sends and what it does with the answer.
 */
import { useState } from 'react';
import { failureLines } from '../features/fba/api';

export function useRefusable() {
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string[]>([]);
  /** Runs `work` as the action `what`; answers whether the server took it. */
  const attempt = async (what: string, work: () => Promise<void>): Promise<boolean> => {
    setBusy(what);
    setRefusal([]);
    try {
      await work();
      return true;
    } catch (err) {
      setRefusal(failureLines(err));
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, refusal, setRefusal, attempt };
}
