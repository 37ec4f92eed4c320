import type { MiddlewareHandler } from 'hono';

/**
 * Headers on every response. Inline scripts are allowed only by hash (the theme script in
 * index.html that prevents a flash of the wrong theme); styles need 'unsafe-inline' because
 * Radix and sonner position elements with style attributes.
 */
export function securityHeaders(options: { scriptHashes: string[] }): MiddlewareHandler {
  const scriptSrc = ["'self'", ...options.scriptHashes.map((h) => `'${h}'`)].join(' ');
  const csp = [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', csp);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  };
}
