import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogTitle } from './alert-dialog';
import { Button } from './button';
import { Dialog, DialogContent, DialogTitle } from './dialog';

/** A dialog opened from a button's state, as most of ours are (no DialogTrigger). */
function Opened({ alert = false }: { alert?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Registrar cobro</Button>
      {alert ? (
        <AlertDialog open={open} onOpenChange={setOpen}>
          <AlertDialogContent aria-describedby={undefined}>
            <AlertDialogTitle>¿Anular el cobro?</AlertDialogTitle>
            <AlertDialogCancel>Cancelar</AlertDialogCancel>
          </AlertDialogContent>
        </AlertDialog>
      ) : (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent aria-describedby={undefined}>
            <DialogTitle>Registrar cobro</DialogTitle>
            <Button onClick={() => setOpen(false)}>Cancelar</Button>
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

describe('a dialog opened from a button', () => {
  for (const [kind, alert] of [
    ['dialog', false],
    ['confirmation', true],
  ] as const) {
    it(`gives focus back to that button when the ${kind} closes, by Escape or by Cancelar`, async () => {
      render(<Opened alert={alert} />);
      const opener = screen.getByRole('button', { name: 'Registrar cobro' });
      for (const close of ['escape', 'cancel'] as const) {
        opener.focus();
        fireEvent.click(opener);
        const dialog = await screen.findByRole(alert ? 'alertdialog' : 'dialog');
        await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
        if (close === 'escape') fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
        else fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
        await waitFor(() => expect(screen.queryByRole(alert ? 'alertdialog' : 'dialog')).toBeNull());
        expect(document.activeElement).toBe(opener);
      }
    });
  }
});
