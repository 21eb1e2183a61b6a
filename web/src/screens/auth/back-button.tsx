import { Button, type ButtonProps } from '../../ui/button.tsx';
import { ArrowLeftIcon } from '../../ui/icons.tsx';

/** The way back out of an auth form, beside its submit button. */
export function BackButton({
  className = 'sm:w-auto',
  children,
  ...props
}: Omit<ButtonProps, 'variant' | 'size'>) {
  return (
    <Button variant="secondary" size="lg" className={className} {...props}>
      <ArrowLeftIcon className="size-4" />
      {children}
    </Button>
  );
}
