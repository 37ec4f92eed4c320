import { describe, expect, it } from 'vitest';
import { ApiError, unwrap } from './api';
import { pageParam } from './page-param';

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('unwrap', () => {
  it('resolves a 204 to undefined without reading a body', async () => {
    // Response.json() on an empty body throws: unwrap must not call it.
    await expect(unwrap(Promise.resolve(new Response(null, { status: 204 })))).resolves.toBeUndefined();
  });

  it('resolves a JSON answer to its body', async () => {
    await expect(unwrap(Promise.resolve(json({ id: 'a' }, 200)))).resolves.toEqual({ id: 'a' });
  });

  it("throws the server's error body as an ApiError, fields included", async () => {
    const failed = unwrap(
      Promise.resolve(
        json(
          { error: { code: 'validation_error', message: 'Revisa los datos', fields: { email: 'Correo no válido' } } },
          400,
        ),
      ),
    );
    await expect(failed).rejects.toEqual(
      new ApiError(400, 'validation_error', 'Revisa los datos', { email: 'Correo no válido' }),
    );
    await expect(failed).rejects.toMatchObject({ status: 400, fields: { email: 'Correo no válido' } });
  });

  it('gives the generic Spanish message for a failure without an error body', async () => {
    await expect(
      unwrap(Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 }))),
    ).rejects.toMatchObject({
      status: 502,
      code: 'unknown',
      message: 'Ocurrió un error inesperado. Inténtalo de nuevo.',
    });
  });
});

describe('pageParam', () => {
  it('reads a whole page number from the URL', () => {
    expect(pageParam(new URLSearchParams('pagina=3'))).toBe(3);
  });

  it.each(['', 'pagina=', 'pagina=abc', 'pagina=0', 'pagina=-3', 'pagina=2.5', 'pagina=1e9'])(
    'shows page 1 for %j',
    (search) => {
      expect(pageParam(new URLSearchParams(search))).toBe(1);
    },
  );
});
