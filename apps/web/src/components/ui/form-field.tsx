import { Slot } from 'radix-ui';
import * as React from 'react';

import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** The attributes that tie a control to its label, description and error. */
type FormFieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

type FormFieldProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  label: React.ReactNode;
  /** The control's id; generated when omitted. */
  htmlFor?: string;
  description?: React.ReactNode;
  /** The validation message (react-hook-form's `errors.x?.message`); its presence marks the field invalid. */
  error?: string;
  required?: boolean;
  /**
   * A single element that receives the wiring (Input, Textarea, Checkbox...), or a function that
   * places it where it belongs when the labelled element is nested (e.g. Select's trigger).
   */
  children: React.ReactElement | ((control: FormFieldControlProps) => React.ReactNode);
};

/**
 * One labelled form control: the label points at the control, and the control points at its
 * description and error, so screen readers announce all three when the control takes focus.
 *
 * <FormField label="Nombres" htmlFor="nombres" error={errors.nombres?.message}>
 *   <Input {...register('nombres')} />
 * </FormField>
 */
function FormField({
  label,
  htmlFor,
  description,
  error,
  required = false,
  className,
  children,
  ...props
}: FormFieldProps) {
  const generatedId = React.useId();
  // An id or description already on the child is kept: Slot would otherwise let it silently win.
  const childProps = React.isValidElement(children)
    ? (children.props as { id?: string; 'aria-describedby'?: string })
    : {};
  const id = htmlFor ?? childProps.id ?? generatedId;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const invalid = Boolean(error);

  const control: FormFieldControlProps = {
    id,
    'aria-invalid': invalid,
    'aria-describedby':
      [childProps['aria-describedby'], description ? descriptionId : null, invalid ? errorId : null]
        .filter(Boolean)
        .join(' ') || undefined,
    'aria-required': required ? true : undefined,
  };

  return (
    <div data-slot="form-field" data-invalid={invalid || undefined} className={cn('grid gap-2', className)} {...props}>
      <Label htmlFor={id} className={cn(invalid && 'text-destructive')}>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        ) : null}
      </Label>
      {typeof children === 'function' ? children(control) : <Slot.Root {...control}>{children}</Slot.Root>}
      {description ? (
        <p id={descriptionId} data-slot="form-field-description" className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId} data-slot="form-field-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export { FormField, type FormFieldControlProps, type FormFieldProps };
