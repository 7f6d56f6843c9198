/**
 * Scan feedback a receiver notices without looking at the screen: a distinct tone (Web Audio),
 * a vibration pattern and a full-screen colour flash, all started in the same frame as the
 * verdict. Tones are short so a fast scanner never queues them up.
 */
import { create } from 'zustand';
import { afterPaint } from './after-paint';

export type FeedbackKind = 'ok' | 'duplicate' | 'unknown' | 'error';

/** Frequencies (Hz) and durations (ms) of each tone: rising = good, low buzz = bad. */
const TONES: Record<FeedbackKind, [number, number][]> = {
  ok: [[1320, 70]],
  duplicate: [
    [880, 60],
    [880, 60],
  ],
  unknown: [
    [520, 90],
    [390, 120],
  ],
  error: [[220, 260]],
};
const VIBRATION: Record<FeedbackKind, number[]> = {
  ok: [30],
  duplicate: [40, 60, 40],
  unknown: [120, 60, 120],
  error: [300],
};

interface FlashState {
  kind: FeedbackKind | null;
  /** Increments on each flash so the same kind twice restarts the animation. */
  seq: number;
  flash(kind: FeedbackKind): void;
}

export const useFlash = create<FlashState>((set) => ({
  kind: null,
  seq: 0,
  flash: (kind) => set((s) => ({ kind, seq: s.seq + 1 })),
}));

let audio: AudioContext | null = null;
function audioContext(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext === 'undefined') return null;
  audio ??= new window.AudioContext();
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  return audio;
}

export const SOUND_KEY = 'scanSound';
const soundOn = (): boolean => (typeof localStorage === 'undefined' ? true : localStorage.getItem(SOUND_KEY) !== 'off');

function playTone(kind: FeedbackKind): void {
  const ctx = soundOn() ? audioContext() : null;
  if (!ctx) return;
  let t = ctx.currentTime;
  for (const [freq, ms] of TONES[kind]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = kind === 'error' || kind === 'unknown' ? 'square' : 'sine';
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.25, t);
    gain.gain.exponentialRampToValueAtTime(0.001, t + ms / 1000);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + ms / 1000);
    t += ms / 1000 + 0.03;
  }
}

/**
 * The flash is started at once, for the verdict's frame; the tone and the vibration right after
 * that frame is painted (a frame later at most, far below what an ear or a hand can tell, and
 * below the audio output's own latency), so their work does not delay the paint.
 */
export function scanFeedback(kind: FeedbackKind): void {
  useFlash.getState().flash(kind);
  void afterPaint().then(() => {
    try {
      playTone(kind);
    } catch {
      // Audio is a nicety: a device without it still flashes and vibrates.
    }
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATION[kind]);
  });
}
