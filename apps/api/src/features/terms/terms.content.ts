/**
 * The first published version of the terms. Sections start with "## " and list items with "- ";
 * the page renders that small subset as text (never as HTML). A new version is a new row: the page
 * always shows the latest by id.
 */
export const TERMS_V1 = {
  version: '1.0',
  contenido: `## 1. Objeto y aceptación
Estos términos regulan el uso de Odontia, un servicio en línea para la gestión de clínicas dentales (agenda, pacientes, odontograma, inventario, compras y equipo) y un directorio público de clínicas. Al crear una cuenta declaras que actúas en nombre de una clínica o de un profesional sanitario, que tienes capacidad para obligarte y que aceptas estos términos y la política de privacidad incluida en ellos.

## 2. Cuenta y acceso
- Eres responsable de mantener la confidencialidad de tu contraseña y de la actividad realizada con tu cuenta.
- Cada persona de tu equipo debe usar su propia cuenta. El administrador de la clínica asigna los roles y permisos y debe revisarlos cuando alguien cambie de función o deje la clínica.
- Avísanos sin demora si sospechas de un acceso no autorizado.

## 3. Uso aceptable
No puedes usar Odontia para fines ilícitos, para introducir datos de personas sin una base legal, para intentar acceder a información de otras clínicas ni para interferir en el funcionamiento del servicio. Podemos suspender una cuenta que incumpla estas reglas, informando al administrador del motivo.

## 4. Datos de pacientes: responsable y encargado del tratamiento
Los datos de pacientes que registras (identificación, contacto, historia clínica, odontograma y citas) incluyen datos de salud, una categoría especial según el artículo 9 del Reglamento (UE) 2016/679 (RGPD).
- La clínica es la responsable del tratamiento: decide qué datos recoge, con qué finalidad y durante cuánto tiempo, y debe informar a sus pacientes y contar con una base legal, como la prestación de asistencia sanitaria.
- Odontia actúa como encargado del tratamiento (artículo 28 del RGPD): trata esos datos solo para prestar el servicio y siguiendo las instrucciones documentadas de la clínica, que son estos términos y la configuración que realiza en la aplicación.
- Nuestro personal con acceso a los datos está sujeto a un deber de confidencialidad, también tras finalizar su relación con nosotros.
- No usamos los datos de pacientes para publicidad, para elaborar perfiles ni para entrenar modelos, y no los cedemos a terceros salvo obligación legal.
- Ayudamos a la clínica a atender las solicitudes de ejercicio de derechos de sus pacientes y a cumplir sus obligaciones de seguridad, notificación de brechas y evaluaciones de impacto.

## 5. Seguridad
Aplicamos medidas técnicas y organizativas adecuadas al riesgo, entre ellas: cifrado de las comunicaciones (HTTPS), contraseñas almacenadas con funciones de derivación seguras, sesiones que caducan y se cierran al cambiar la contraseña, limitación de intentos de acceso, separación estricta de los datos de cada clínica, control de acceso por roles y permisos, copias de seguridad periódicas y revisión de las imágenes subidas. Si detectamos una violación de la seguridad que afecte a datos personales de tu clínica, te la notificaremos sin dilación indebida y con la información necesaria para que puedas cumplir tus propias obligaciones ante la autoridad de control y los afectados.

## 6. Subencargados y ubicación de los datos
Podemos recurrir a proveedores de alojamiento, copias de seguridad y envío de correo electrónico que actúan como subencargados, con las mismas obligaciones de protección de datos que asumimos nosotros. Informaremos a la clínica de cualquier cambio de subencargado para que pueda oponerse. Los datos se alojan en el Espacio Económico Europeo; cualquier transferencia internacional se haría solo con las garantías previstas en el capítulo V del RGPD.

## 7. Datos de las personas usuarias de la cuenta
Respecto de los datos de quienes usan la cuenta (correo electrónico, nombre, apellidos, teléfono y fotografía de perfil), Odontia es responsable del tratamiento. Los tratamos para prestar el servicio, mantener la seguridad y comunicarnos contigo sobre tu cuenta, con base en la ejecución del contrato y en nuestro interés legítimo en proteger el servicio. Los conservamos mientras la cuenta esté activa y, después, durante los plazos de prescripción de las responsabilidades legales.

## 8. Tus derechos
Puedes ejercer los derechos de acceso, rectificación, supresión, oposición, limitación del tratamiento y portabilidad escribiéndonos desde el correo de tu cuenta. Si no estás conforme con nuestra respuesta, puedes presentar una reclamación ante la Agencia Española de Protección de Datos (www.aepd.es). Los pacientes deben dirigir sus solicitudes a su clínica, que es la responsable de sus datos.

## 9. Directorio público
La información que la clínica decide publicar en su perfil público (nombre, dirección, teléfono, horario, especialidades, servicios e imágenes) será visible para cualquier persona. La clínica garantiza que tiene derecho a publicarla y puede retirarla en cualquier momento. Las solicitudes de cita enviadas desde el perfil público se entregan a la clínica, que es responsable de su tratamiento.

## 10. Duración, baja y devolución de los datos
Puedes dejar de usar el servicio en cualquier momento. Al finalizar la relación, la clínica podrá exportar sus datos durante los 30 días siguientes; transcurrido ese plazo los suprimiremos, salvo que una ley nos obligue a conservarlos, en cuyo caso quedarán bloqueados. Recuerda que la normativa sanitaria obliga a la clínica a conservar la documentación clínica durante los plazos legales.

## 11. Responsabilidad
Trabajamos para que Odontia esté disponible y funcione correctamente, pero no podemos garantizar un servicio libre de interrupciones. La clínica sigue siendo responsable de sus decisiones clínicas y de la exactitud de los datos que introduce. Nada de lo previsto en estos términos limita la responsabilidad que no pueda excluirse conforme a la ley.

## 12. Cambios en estos términos
Publicaremos cualquier nueva versión en esta misma página, indicando su número de versión, y avisaremos a los administradores de las clínicas con antelación razonable cuando los cambios sean relevantes.

## 13. Ley aplicable
Estos términos se rigen por la legislación española, en particular por el RGPD y la Ley Orgánica 3/2018, de Protección de Datos Personales y garantía de los derechos digitales (LOPDGDD). Para cualquier controversia serán competentes los juzgados y tribunales que correspondan conforme a la ley.`,
} as const;
