import { Toaster } from 'sonner';

/** Notifications appear at the top right (spec section 2, Calendar). */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      richColors
      closeButton
      toastOptions={{ className: 'font-sans' }}
    />
  );
}

export { toast } from 'sonner';
