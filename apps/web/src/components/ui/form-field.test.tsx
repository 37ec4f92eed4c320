import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

function describedBy(element: HTMLElement) {
  return (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
}

describe('FormField', () => {
  it('labels the control and points it at its description', () => {
    render(
      <FormField label="Nombres" htmlFor="nombres" description="Como aparece en el documento">
        <Input />
      </FormField>,
    );

    const input = screen.getByLabelText('Nombres');
    expect(input.id).toBe('nombres');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    const ids = describedBy(input);
    expect(ids).toHaveLength(1);
    expect(document.getElementById(ids[0])?.textContent).toBe('Como aparece en el documento');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks the control invalid and links the error text', () => {
    render(
      <FormField
        label="Nombres"
        htmlFor="nombres"
        description="Como aparece en el documento"
        error="El nombre es obligatorio"
      >
        <Input />
      </FormField>,
    );

    const input = screen.getByLabelText('Nombres');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('El nombre es obligatorio');
    expect(describedBy(input)).toContain(alert.id);
    expect(describedBy(input)).toHaveLength(2);
  });

  it('generates an id when none is given, and keeps one already on the control', () => {
    const { rerender } = render(
      <FormField label="Email">
        <Input type="email" />
      </FormField>,
    );
    expect(screen.getByLabelText('Email').id).not.toBe('');

    rerender(
      <FormField label="Email" error="Email inválido">
        <Input type="email" id="correo" aria-describedby="ayuda-correo" />
      </FormField>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.id).toBe('correo');
    expect(describedBy(input)).toEqual(['ayuda-correo', 'correo-error']);
  });

  it('marks required fields for assistive tech', () => {
    render(
      <FormField label="Teléfono" htmlFor="telefono" required>
        <Input />
      </FormField>,
    );
    expect(screen.getByLabelText(/Teléfono/).getAttribute('aria-required')).toBe('true');
  });

  it('wires a nested control through the render function (Select trigger)', () => {
    render(
      <FormField label="Género" htmlFor="genero" error="Selecciona una opción">
        {(control) => (
          <Select>
            <SelectTrigger {...control}>
              <SelectValue placeholder="Selecciona" />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="femenino">Femenino</SelectItem>
            </SelectContent>
          </Select>
        )}
      </FormField>,
    );

    const trigger = screen.getByRole('combobox', { name: 'Género' });
    expect(trigger.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(trigger)).toEqual(['genero-error']);
  });

  it('shows react-hook-form + zod errors on submit and clears them when fixed', async () => {
    const schema = z.object({ nombres: z.string().min(1, 'El nombre es obligatorio') });

    function PatientForm() {
      const {
        register,
        handleSubmit,
        formState: { errors },
      } = useForm({ resolver: zodResolver(schema), defaultValues: { nombres: '' } });
      return (
        <form onSubmit={handleSubmit(() => {})} noValidate>
          <FormField label="Nombres" htmlFor="nombres" error={errors.nombres?.message}>
            <Input {...register('nombres')} />
          </FormField>
          <button type="submit">Guardar</button>
        </form>
      );
    }

    render(<PatientForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('El nombre es obligatorio');
    const input = screen.getByLabelText('Nombres');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toEqual([alert.id]);

    fireEvent.change(input, { target: { value: 'Ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('false'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });
});
