/** Toasts, the 412 error modal and the loading overlay: global UI feedback driven by the API client. */
import { create } from 'zustand';

export type ToastKind = 'success' | 'warning' | 'error' | 'info' | 'default';
export interface Toast {
  id: number;
  kind: ToastKind;
  title?: string;
  message: string;
}

export const TOAST_MS = 3000;
let nextId = 1;

interface FeedbackState {
  toasts: Toast[];
  errorModal: string | null;
  pending: number;
  toast(kind: ToastKind, message: string, title?: string): void;
  dismiss(id: number): void;
  showError(message: string): void;
  closeError(): void;
  begin(): void;
  end(): void;
}

export const useFeedback = create<FeedbackState>((set, get) => ({
  toasts: [],
  errorModal: null,
  pending: 0,
  toast(kind, message, title) {
    const id = nextId++;
    set({ toasts: [...get().toasts, { id, kind, message, title }] });
    setTimeout(() => get().dismiss(id), TOAST_MS);
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
  showError(message) {
    set({ errorModal: message });
  },
  closeError() {
    set({ errorModal: null });
  },
  begin() {
    set({ pending: get().pending + 1 });
  },
  end() {
    set({ pending: Math.max(0, get().pending - 1) });
  },
}));

/** Spec §8: escaped unicode in server messages is shown decoded. */
export const decodeUnicode = (s: string): string =>
  s.replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
