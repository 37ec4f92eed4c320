import { Slot } from 'radix-ui';
import type * as React from 'react';

import { buttonVariants, type ButtonVariantProps } from '@/components/ui/button-variants';
import { cn } from '@/lib/utils';

type ButtonProps = React.ComponentProps<'button'> &
  ButtonVariantProps & {
    /** Renders the single child (a router Link, an <a>) with the button's look instead of a <button>. */
    asChild?: boolean;
  };

function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      data-slot="button"
      data-variant={variant ?? 'default'}
      data-size={size ?? 'default'}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}

export { Button, type ButtonProps };
