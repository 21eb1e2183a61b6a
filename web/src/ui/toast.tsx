import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import type { ExternalToast } from 'sonner';

/**
 * sonner's own rich-colour texts fall under WCAG AA contrast (4.5:1) on their pale backgrounds;
 * these darker shades of the same hues pass it.
 */
const READABLE_COLORS = {
  '--success-text': '#166534',
  '--info-text': '#1e40af',
  '--warning-text': '#92400e',
  '--error-text': '#991b1b',
} as CSSProperties;

/** The height of every signed-in screen's top bar (frame/app-frame.tsx: h-16). */
const TOP_BAR_PX = 64;

/**
 * Toasts sit above the header (z-30) and open dialogs (z-50), under an open menu (ui/dropdown.tsx:
 * z-70): the account menu drops down where toasts appear, and what the member just opened
 * must not be hidden by a message. (sonner's own default is above everything.)
 */
const TOASTER_STYLE = { ...READABLE_COLORS, zIndex: 60 } as CSSProperties;

/**
 * sonner is not needed to paint the first screen, so it is not part of the first download: it
 * loads with the first toast, or a while after the app has started, whichever comes first.
 */
const WARM_UP_AFTER_MS = 3000;

let loading: Promise<typeof import('sonner')> | undefined;
const loadSonner = () => (loading ??= import('sonner'));

/** sonner shows only the toasts sent once its Toaster listens; toasts wait for that. */
let markListening = () => {};
const listening = new Promise<void>((resolve) => (markListening = resolve));
let toasterWanted = false;
let wantToaster = () => {
  toasterWanted = true;
};

const LoadedToaster = lazy(async () => {
  const { Toaster } = await loadSonner();
  function Listening() {
    // Runs after the Toaster's own effects, so it is subscribed by now.
    useEffect(() => markListening(), []);
    return null;
  }
  return {
    default: () => (
      <>
        <Toaster
          position="top-right"
          // Below the 64 px top bar, never over the header, its Back button or the account menu;
          // on phones, between the top bar and the bottom tab bar.
          offset={{ top: TOP_BAR_PX + 16, right: 16 }}
          mobileOffset={{ top: TOP_BAR_PX + 8, left: 12, right: 12 }}
          visibleToasts={3}
          richColors
          closeButton
          style={TOASTER_STYLE}
          toastOptions={{ className: 'font-sans' }}
        />
        <Listening />
      </>
    ),
  };
});

/**
 * Notifications appear at the top right (docs/product.md section 2, Calendar), under the top
 * bar, at most three at once, each with its own close button.
 */
export function AppToaster() {
  const [wanted, setWanted] = useState(toasterWanted);
  useEffect(() => {
    wantToaster = () => setWanted(true);
    if (toasterWanted) setWanted(true);
    const warmUp = setTimeout(() => setWanted(true), WARM_UP_AFTER_MS);
    return () => clearTimeout(warmUp);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoadedToaster />
    </Suspense>
  );
}

async function show(kind: 'success' | 'error', message: string, data?: ExternalToast) {
  wantToaster();
  const [{ toast: sonner }] = await Promise.all([loadSonner(), listening]);
  sonner[kind](message, data);
}

/** sonner's `toast.success` and `toast.error`, usable before sonner has loaded. */
export const toast = {
  success: (message: string, data?: ExternalToast) => void show('success', message, data),
  error: (message: string, data?: ExternalToast) => void show('error', message, data),
};
