/**
 * The dental chapter of the CIE-10 (ICD-10 in Spanish, the Pan American Health Organization's edition):
 * the categories K00-K14 "Enfermedades de la cavidad bucal, de las glándulas salivales y de los
 * maxilares" and their subcategories, the codes a clinical note's diagnosis may carry. Shipped with
 * the app (no download): the note editor searches it in the browser and the server refuses any other code.
 */
export type Cie10Entry = { codigo: string; descripcion: string };

/** The three-character categories, for grouping and for a search by category name. */
export const CIE10_DENTAL_CATEGORIES: readonly Cie10Entry[] = [
  { codigo: 'K00', descripcion: 'Trastornos del desarrollo y de la erupción de los dientes' },
  { codigo: 'K01', descripcion: 'Dientes incluidos e impactados' },
  { codigo: 'K02', descripcion: 'Caries dental' },
  { codigo: 'K03', descripcion: 'Otras enfermedades de los tejidos duros de los dientes' },
  { codigo: 'K04', descripcion: 'Enfermedades de la pulpa y de los tejidos periapicales' },
  { codigo: 'K05', descripcion: 'Gingivitis y enfermedades periodontales' },
  { codigo: 'K06', descripcion: 'Otros trastornos de la encía y de la zona edéntula' },
  { codigo: 'K07', descripcion: 'Anomalías dentofaciales (incluso la maloclusión)' },
  { codigo: 'K08', descripcion: 'Otros trastornos de los dientes y de sus estructuras de sostén' },
  { codigo: 'K09', descripcion: 'Quistes de la región bucal, no clasificados en otra parte' },
  { codigo: 'K10', descripcion: 'Otras enfermedades de los maxilares' },
  { codigo: 'K11', descripcion: 'Enfermedades de las glándulas salivales' },
  { codigo: 'K12', descripcion: 'Estomatitis y lesiones afines' },
  { codigo: 'K13', descripcion: 'Otras enfermedades de los labios y de la mucosa bucal' },
  { codigo: 'K14', descripcion: 'Enfermedades de la lengua' },
];

/** The subcategories (four characters), the codes a diagnosis is written with. */
export const CIE10_DENTAL: readonly Cie10Entry[] = [
  { codigo: 'K00.0', descripcion: 'Anodoncia' },
  { codigo: 'K00.1', descripcion: 'Dientes supernumerarios' },
  { codigo: 'K00.2', descripcion: 'Anomalías del tamaño y de la forma del diente' },
  { codigo: 'K00.3', descripcion: 'Dientes moteados' },
  { codigo: 'K00.4', descripcion: 'Alteraciones en la formación dentaria' },
  {
    codigo: 'K00.5',
    descripcion: 'Alteraciones hereditarias de la estructura dentaria, no clasificadas en otra parte',
  },
  { codigo: 'K00.6', descripcion: 'Alteraciones en la erupción dentaria' },
  { codigo: 'K00.7', descripcion: 'Síndrome de la erupción dentaria' },
  { codigo: 'K00.8', descripcion: 'Otros trastornos del desarrollo de los dientes' },
  { codigo: 'K00.9', descripcion: 'Trastorno del desarrollo de los dientes, no especificado' },
  { codigo: 'K01.0', descripcion: 'Dientes incluidos' },
  { codigo: 'K01.1', descripcion: 'Dientes impactados' },
  { codigo: 'K02.0', descripcion: 'Caries limitada al esmalte' },
  { codigo: 'K02.1', descripcion: 'Caries de la dentina' },
  { codigo: 'K02.2', descripcion: 'Caries del cemento' },
  { codigo: 'K02.3', descripcion: 'Caries dentaria detenida' },
  { codigo: 'K02.4', descripcion: 'Odontoclasia' },
  { codigo: 'K02.5', descripcion: 'Caries con exposición pulpar' },
  { codigo: 'K02.8', descripcion: 'Otras caries dentales' },
  { codigo: 'K02.9', descripcion: 'Caries dental, no especificada' },
  { codigo: 'K03.0', descripcion: 'Atrición excesiva de los dientes' },
  { codigo: 'K03.1', descripcion: 'Abrasión de los dientes' },
  { codigo: 'K03.2', descripcion: 'Erosión de los dientes' },
  { codigo: 'K03.3', descripcion: 'Reabsorción patológica de los dientes' },
  { codigo: 'K03.4', descripcion: 'Hipercementosis' },
  { codigo: 'K03.5', descripcion: 'Anquilosis dental' },
  { codigo: 'K03.6', descripcion: 'Depósitos (acreciones) en los dientes' },
  { codigo: 'K03.7', descripcion: 'Cambios posteruptivos del color de los tejidos duros de los dientes' },
  { codigo: 'K03.8', descripcion: 'Otras enfermedades especificadas de los tejidos duros de los dientes' },
  { codigo: 'K03.9', descripcion: 'Enfermedad no especificada de los tejidos duros de los dientes' },
  { codigo: 'K04.0', descripcion: 'Pulpitis' },
  { codigo: 'K04.1', descripcion: 'Necrosis de la pulpa' },
  { codigo: 'K04.2', descripcion: 'Degeneración de la pulpa' },
  { codigo: 'K04.3', descripcion: 'Formación anormal de tejido duro en la pulpa' },
  { codigo: 'K04.4', descripcion: 'Periodontitis apical aguda originada en la pulpa' },
  { codigo: 'K04.5', descripcion: 'Periodontitis apical crónica' },
  { codigo: 'K04.6', descripcion: 'Absceso periapical con fístula' },
  { codigo: 'K04.7', descripcion: 'Absceso periapical sin fístula' },
  { codigo: 'K04.8', descripcion: 'Quiste radicular' },
  { codigo: 'K04.9', descripcion: 'Otras enfermedades y las no especificadas de la pulpa y del tejido periapical' },
  { codigo: 'K05.0', descripcion: 'Gingivitis aguda' },
  { codigo: 'K05.1', descripcion: 'Gingivitis crónica' },
  { codigo: 'K05.2', descripcion: 'Periodontitis aguda' },
  { codigo: 'K05.3', descripcion: 'Periodontitis crónica' },
  { codigo: 'K05.4', descripcion: 'Periodontosis' },
  { codigo: 'K05.5', descripcion: 'Otras enfermedades periodontales' },
  { codigo: 'K05.6', descripcion: 'Enfermedad del periodonto, no especificada' },
  { codigo: 'K06.0', descripcion: 'Retracción gingival' },
  { codigo: 'K06.1', descripcion: 'Hiperplasia gingival' },
  { codigo: 'K06.2', descripcion: 'Lesiones de la encía y de la zona edéntula asociadas con traumatismo' },
  { codigo: 'K06.8', descripcion: 'Otros trastornos especificados de la encía y de la zona edéntula' },
  { codigo: 'K06.9', descripcion: 'Trastorno no especificado de la encía y de la zona edéntula' },
  { codigo: 'K07.0', descripcion: 'Anomalías evidentes del tamaño de los maxilares' },
  { codigo: 'K07.1', descripcion: 'Anomalías de la relación maxilobasilar' },
  { codigo: 'K07.2', descripcion: 'Anomalías de la relación entre los arcos dentarios' },
  { codigo: 'K07.3', descripcion: 'Anomalías de la posición del diente' },
  { codigo: 'K07.4', descripcion: 'Maloclusión de tipo no especificado' },
  { codigo: 'K07.5', descripcion: 'Anomalías dentofaciales funcionales' },
  { codigo: 'K07.6', descripcion: 'Trastornos de la articulación temporomaxilar' },
  { codigo: 'K07.8', descripcion: 'Otras anomalías dentofaciales' },
  { codigo: 'K07.9', descripcion: 'Anomalía dentofacial, no especificada' },
  { codigo: 'K08.0', descripcion: 'Exfoliación de los dientes debida a causas sistémicas' },
  { codigo: 'K08.1', descripcion: 'Pérdida de dientes debida a accidente, extracción o enfermedad periodontal local' },
  { codigo: 'K08.2', descripcion: 'Atrofia del reborde alveolar desdentado' },
  { codigo: 'K08.3', descripcion: 'Raíz dental retenida' },
  { codigo: 'K08.8', descripcion: 'Otras afecciones especificadas de los dientes y de sus estructuras de sostén' },
  { codigo: 'K08.9', descripcion: 'Trastorno de los dientes y de sus estructuras de sostén, no especificado' },
  { codigo: 'K09.0', descripcion: 'Quistes originados por el desarrollo de los dientes' },
  { codigo: 'K09.1', descripcion: 'Quistes de las fisuras (no odontogénicos) de la región bucal' },
  { codigo: 'K09.2', descripcion: 'Otros quistes de los maxilares' },
  { codigo: 'K09.8', descripcion: 'Otros quistes de la región bucal, no clasificados en otra parte' },
  { codigo: 'K09.9', descripcion: 'Quiste de la región bucal, sin otra especificación' },
  { codigo: 'K10.0', descripcion: 'Trastornos del desarrollo de los maxilares' },
  { codigo: 'K10.1', descripcion: 'Granuloma central de células gigantes' },
  { codigo: 'K10.2', descripcion: 'Afecciones inflamatorias de los maxilares' },
  { codigo: 'K10.3', descripcion: 'Alveolitis del maxilar' },
  { codigo: 'K10.8', descripcion: 'Otras enfermedades especificadas de los maxilares' },
  { codigo: 'K10.9', descripcion: 'Enfermedad de los maxilares, no especificada' },
  { codigo: 'K11.0', descripcion: 'Atrofia de glándula salival' },
  { codigo: 'K11.1', descripcion: 'Hipertrofia de glándula salival' },
  { codigo: 'K11.2', descripcion: 'Sialadenitis' },
  { codigo: 'K11.3', descripcion: 'Absceso de glándula salival' },
  { codigo: 'K11.4', descripcion: 'Fístula de glándula salival' },
  { codigo: 'K11.5', descripcion: 'Sialolitiasis' },
  { codigo: 'K11.6', descripcion: 'Mucocele de glándula salival' },
  { codigo: 'K11.7', descripcion: 'Alteraciones de la secreción salival' },
  { codigo: 'K11.8', descripcion: 'Otras enfermedades de las glándulas salivales' },
  { codigo: 'K11.9', descripcion: 'Enfermedad de glándula salival, no especificada' },
  { codigo: 'K12.0', descripcion: 'Estomatitis aftosa recurrente' },
  { codigo: 'K12.1', descripcion: 'Otras formas de estomatitis' },
  { codigo: 'K12.2', descripcion: 'Celulitis y absceso de boca' },
  { codigo: 'K12.3', descripcion: 'Mucositis oral (ulcerativa)' },
  { codigo: 'K13.0', descripcion: 'Enfermedades de los labios' },
  { codigo: 'K13.1', descripcion: 'Mordedura del labio y de la mejilla' },
  { codigo: 'K13.2', descripcion: 'Leucoplasia y otras alteraciones del epitelio bucal, incluso de la lengua' },
  { codigo: 'K13.3', descripcion: 'Leucoplasia pilosa' },
  { codigo: 'K13.4', descripcion: 'Granuloma y lesiones semejantes de la mucosa bucal' },
  { codigo: 'K13.5', descripcion: 'Fibrosis de la submucosa bucal' },
  { codigo: 'K13.6', descripcion: 'Hiperplasia irritativa de la mucosa bucal' },
  { codigo: 'K13.7', descripcion: 'Otras lesiones y las no especificadas de la mucosa bucal' },
  { codigo: 'K14.0', descripcion: 'Glositis' },
  { codigo: 'K14.1', descripcion: 'Lengua geográfica' },
  { codigo: 'K14.2', descripcion: 'Glositis romboidea mediana' },
  { codigo: 'K14.3', descripcion: 'Hipertrofia de las papilas linguales' },
  { codigo: 'K14.4', descripcion: 'Atrofia de las papilas linguales' },
  { codigo: 'K14.5', descripcion: 'Lengua plegada' },
  { codigo: 'K14.6', descripcion: 'Glosodinia' },
  { codigo: 'K14.8', descripcion: 'Otras enfermedades de la lengua' },
  { codigo: 'K14.9', descripcion: 'Enfermedad de la lengua, no especificada' },
];

const BY_CODE = new Map(CIE10_DENTAL.map((e) => [e.codigo, e]));
const CATEGORY = new Map(CIE10_DENTAL_CATEGORIES.map((e) => [e.codigo, e.descripcion]));

/** The entry of a subcategory code (exactly as listed, e.g. 'K02.1'), or undefined. */
export const cie10Entry = (codigo: string): Cie10Entry | undefined => BY_CODE.get(codigo);
export const isCie10DentalCode = (codigo: string): boolean => BY_CODE.has(codigo);

/** Lower case without accents or the code's dot, so 'caries dentina', 'Dentína' and 'k021' find K02.1. */
export const foldForSearch = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\./g, '');

const SEARCHABLE = CIE10_DENTAL.map((e) => ({
  entry: e,
  code: foldForSearch(e.codigo),
  text: foldForSearch(`${e.descripcion} ${CATEGORY.get(e.codigo.slice(0, 3)) ?? ''}`),
}));

/**
 * The subcategories that match every word of `term`: a word matches the start of the code, or any
 * part of the description or of its category's name, accents and case aside. Codes that start with
 * the term come first; an empty term lists them all in order.
 */
export function searchCie10(term: string, limit = 20): Cie10Entry[] {
  const words = foldForSearch(term).split(/\s+/).filter(Boolean);
  if (!words.length) return CIE10_DENTAL.slice(0, limit);
  const matches = SEARCHABLE.filter((s) => words.every((w) => s.code.startsWith(w) || s.text.includes(w)));
  const byCode = matches.filter((s) => s.code.startsWith(words[0]));
  const rest = matches.filter((s) => !s.code.startsWith(words[0]));
  return [...byCode, ...rest].slice(0, limit).map((s) => s.entry);
}
