import {
  CONSENT_MESSAGES as M,
  consentInputSchema,
  consentPreviewQuerySchema,
  GUARDIAN_NAME_MAX,
  GUARDIAN_RELATION_MAX,
  type ConsentInput,
  type ConsentSignerKind,
} from '@odontia/shared';
import { ArrowLeft, FileSignature } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api';
import { toastFailure } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePageTitle } from '@/lib/use-page-title';
import { useConsentPreview, useConsentTemplates, useSignConsent } from '../api/consents';
import { SignatureField } from '@/components/signature-field';

type Errors = Partial<Record<string, string>>;

/** The first message of each field of a failed parse, keyed by its path ('tutor.nombre'). */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/**
 * 'Nuevo consentimiento' (/pacientes/:id/consentimientos/nuevo, consentimientos.firmar): choose a
 * template, read the text as the server filled it, say who signs (a minor's guardian, always), and sign
 * on both pads; 'Firmar consentimiento' posts both PNGs and the server makes and keeps the PDF.
 */
export default function NewConsentPage() {
  usePageTitle('Nuevo consentimiento');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const ids = useId();
  const templates = useConsentTemplates();
  const [chosen, setPlantillaId] = useState('');
  const [diente, setDiente] = useState('');
  const [firmante, setFirmante] = useState<ConsentSignerKind>('paciente');
  const [tutor, setTutor] = useState({ nombre: '', relacion: '' });
  const [firmaPaciente, setFirmaPaciente] = useState<string | null>(null);
  const [firmaProfesional, setFirmaProfesional] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const sign = useSignConsent(id);
  // The first template until one is chosen, so the text is there to read.
  const plantillaId = chosen || (templates.data?.plantillas[0]?.id ?? '');
  // The text is asked with a real tooth only: the server refuses another (400), and a failed text would
  // take the form with it. A wrong one is said under its field.
  const typedTooth = useDebouncedValue(diente.trim(), 400);
  const toothValid = consentPreviewQuerySchema.shape.diente.safeParse(typedTooth).success;
  const preview = useConsentPreview(id, plantillaId, toothValid ? typedTooth : '');
  const toothError = errors.diente ?? (toothValid ? undefined : M.toothInvalid);

  const minor = preview.data?.menor === true;
  const signer: ConsentSignerKind = minor ? 'tutor' : firmante;
  const notFound = preview.error instanceof ApiError && preview.error.status === 404;
  const bothSigned = Boolean(firmaPaciente && firmaProfesional);
  const ready = Boolean(preview.data) && !preview.isPlaceholderData && bothSigned;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input: ConsentInput = {
      plantillaId,
      firmante: signer,
      tutor: signer === 'tutor' ? tutor : null,
      diente: preview.data?.necesitaDiente ? diente : null,
      firmaPaciente: firmaPaciente ?? '',
      firmaProfesional: firmaProfesional ?? '',
    };
    const parsed = consentInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      const signed = await sign.mutateAsync(input);
      toast.success(M.signed, `«${signed.titulo}» queda guardado con su PDF en la ficha del paciente.`);
      navigate(`/pacientes/${id}`);
    } catch (error) {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length) setErrors(error.fields);
      else toastFailure(error, { title: M.signError, fallback: 'Inténtalo de nuevo.' });
    }
  };

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <Button variant="ghost" size="sm" className="-ml-2" asChild>
          <Link to={`/pacientes/${id}`}>
            <ArrowLeft aria-hidden="true" />
            Volver a la ficha del paciente
          </Link>
        </Button>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">Nuevo consentimiento</h1>
        <p className="text-muted-foreground">{preview.data?.paciente ?? 'Cargando el paciente...'}</p>
      </div>
      {notFound ? (
        <p role="alert" className="text-destructive">
          {M.patientNotFound}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-6" aria-label="Firmar consentimiento">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2 className="text-lg font-semibold">1. Plantilla</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              {templates.isPending ? (
                <Skeleton className="h-24 w-full" aria-label="Cargando plantillas" />
              ) : templates.data?.plantillas.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  La clínica no tiene plantillas de consentimiento: créalas en Configuración.
                </p>
              ) : (
                <fieldset className="grid gap-2">
                  <legend className="sr-only">Plantilla del consentimiento</legend>
                  {templates.data?.plantillas.map((t) => (
                    <label
                      key={t.id}
                      className="flex cursor-pointer items-start gap-2 rounded-md border p-3 has-[:checked]:border-primary"
                    >
                      <input
                        type="radio"
                        name="plantilla"
                        value={t.id}
                        checked={plantillaId === t.id}
                        onChange={() => setPlantillaId(t.id)}
                        className="mt-1"
                      />
                      <span>{t.titulo}</span>
                    </label>
                  ))}
                  {errors.plantillaId ? <p className="text-sm text-destructive">{errors.plantillaId}</p> : null}
                </fieldset>
              )}
              {preview.data?.necesitaDiente ? (
                <FormField
                  label="Diente"
                  required
                  error={toothError}
                  description="Número FDI del diente, por ejemplo 36, o varios: «36 y 37»."
                >
                  <Input
                    value={diente}
                    onChange={(e) => setDiente(e.target.value)}
                    inputMode="numeric"
                    className="max-w-40"
                  />
                </FormField>
              ) : null}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>
                <h2 className="text-lg font-semibold">2. Texto del consentimiento</h2>
              </CardTitle>
              <CardDescription>
                El paciente o su tutor deben leerlo completo antes de firmar. Es el texto exacto que quedará firmado.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {preview.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  {errorMessage(preview.error, 'No se pudo preparar el texto del consentimiento')}
                </p>
              ) : preview.data ? (
                <article
                  aria-label={preview.data.titulo}
                  tabIndex={0}
                  className="max-h-[28rem] overflow-y-auto rounded-md border bg-muted/30 p-4 text-sm leading-relaxed focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <h3 className="mb-3 text-base font-semibold">{preview.data.titulo}</h3>
                  {preview.data.texto.split(/\n{2,}/).map((paragraph, i) => (
                    <p key={i} className="mb-3 whitespace-pre-wrap">
                      {paragraph}
                    </p>
                  ))}
                </article>
              ) : (
                <Skeleton className="h-48 w-full" aria-label="Cargando el texto" />
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>
                <h2 className="text-lg font-semibold">3. Quién firma</h2>
              </CardTitle>
              {minor ? <CardDescription role="status">{M.minorNeedsGuardian}.</CardDescription> : null}
            </CardHeader>
            <CardContent className="grid gap-4">
              <fieldset className="flex flex-wrap gap-4">
                <legend className="sr-only">Quién firma por el paciente</legend>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="firmante"
                    value="paciente"
                    checked={signer === 'paciente'}
                    disabled={minor}
                    onChange={() => setFirmante('paciente')}
                  />
                  El paciente
                </label>
                <label className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="firmante"
                    value="tutor"
                    checked={signer === 'tutor'}
                    onChange={() => setFirmante('tutor')}
                  />
                  Su tutor o representante legal
                </label>
              </fieldset>
              {errors.firmante ? <p className="text-sm text-destructive">{errors.firmante}</p> : null}
              {signer === 'tutor' ? (
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField
                    label="Nombre completo del tutor"
                    htmlFor={`${ids}-tutor`}
                    required
                    error={errors['tutor.nombre'] ?? errors.tutor}
                  >
                    <Input
                      value={tutor.nombre}
                      maxLength={GUARDIAN_NAME_MAX}
                      autoComplete="off"
                      onChange={(e) => setTutor((t) => ({ ...t, nombre: e.target.value }))}
                    />
                  </FormField>
                  <FormField
                    label="Relación con el paciente"
                    htmlFor={`${ids}-relacion`}
                    required
                    description="Madre, padre, tutor legal..."
                    error={errors['tutor.relacion']}
                  >
                    <Input
                      value={tutor.relacion}
                      maxLength={GUARDIAN_RELATION_MAX}
                      autoComplete="off"
                      onChange={(e) => setTutor((t) => ({ ...t, relacion: e.target.value }))}
                    />
                  </FormField>
                </div>
              ) : null}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>
                <h2 className="text-lg font-semibold">4. Firmas</h2>
              </CardTitle>
              <CardDescription>
                Hacen falta las dos firmas: la del {signer === 'tutor' ? 'tutor' : 'paciente'} y la del profesional.
                «Firmar consentimiento» se activa cuando los dos recuadros están firmados.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-6 lg:grid-cols-2">
              <SignatureField
                label={signer === 'tutor' ? 'Firma del tutor' : 'Firma del paciente'}
                signer={signer === 'tutor' ? 'del tutor' : 'del paciente'}
                onChange={setFirmaPaciente}
                error={errors.firmaPaciente}
              />
              <SignatureField
                label={`Firma del profesional${preview.data?.profesional ? ` (${preview.data.profesional})` : ''}`}
                signer="del profesional"
                onChange={setFirmaProfesional}
                error={errors.firmaProfesional}
              />
            </CardContent>
          </Card>

          <div className="flex flex-wrap items-center gap-3">
            <SubmitButton pending={sign.isPending} pendingLabel="Firmando..." disabled={!ready}>
              <FileSignature aria-hidden="true" />
              Firmar consentimiento
            </SubmitButton>
            {!bothSigned ? (
              <p className="text-sm text-muted-foreground">Faltan firmas: firma en los dos recuadros.</p>
            ) : null}
          </div>
        </form>
      )}
    </div>
  );
}
