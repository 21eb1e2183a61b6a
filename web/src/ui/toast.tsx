import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';

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

/** Notifications appear at the top right (docs/product.md section 2, Calendar). */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      richColors
      closeButton
      style={READABLE_COLORS}
      toastOptions={{ className: 'font-sans' }}
    />
  );
}

export { toast } from 'sonner';
