/** Image rules of spec 000 §5 (logo, profile photo, patient photo, public profile images). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** For <input type="file" accept>. The server checks the content, not this hint. */
export const IMAGE_ACCEPT_ATTRIBUTE = IMAGE_ACCEPTED_TYPES.join(',');

export const IMAGE_MESSAGES = {
  notAnImage: 'El archivo debe ser una imagen',
  tooLarge: 'La imagen no debe superar los 2MB',
  /** Toast titles used on the profile photo and the clinic settings (spec 000 §5). */
  invalidFormatToast: 'Formato no válido',
  tooLargeToast: 'Imagen demasiado grande',
  hint: 'Formato PNG o JPG, máx. 2MB',
} as const;

/** Client-side pre-check so the person gets the message before uploading; the server decides. */
export function checkImageFile(file: { type: string; size: number }): 'notAnImage' | 'tooLarge' | null {
  if (!file.type.startsWith('image/')) return 'notAnImage';
  if (file.size > IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}
