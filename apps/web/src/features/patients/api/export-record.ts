import { useMutation } from '@tanstack/react-query';
import { api, unwrapFile } from '@/lib/api';

/** Saves a downloaded file in the browser's downloads under its name, through a temporary link. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * 'Exportar historia': the patient's record as a zip (historia.exportar). Fetched rather than linked,
 * so the screen can say it is working and show the server's message when it fails. The export is
 * audited by the API.
 */
export const useExportRecord = (patientId: string) =>
  useMutation({
    mutationFn: async () => {
      const file = await unwrapFile(api.pacientes[':id'].exportar.$get({ param: { id: patientId } }));
      const fileName = file.fileName ?? 'historia.zip';
      saveFile(file.blob, fileName);
      return fileName;
    },
  });
