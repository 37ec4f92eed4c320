/** Every patients query lives under this key, so any change invalidates them all with one call. */
export const patientsKey = ['pacientes'] as const;
