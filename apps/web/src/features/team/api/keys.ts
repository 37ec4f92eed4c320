/** Every team query lives under one of these keys, so a change invalidates its lists and details with one call. */
export const usersKey = ['usuarios'] as const;
export const rolesKey = ['roles'] as const;
export const permissionsKey = ['permisos'] as const;
