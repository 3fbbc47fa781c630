// Spanish. As in French, names take no article (their gender is unknown); a lively call to action opens with
// its "¡". Titles in sentence case.
import { capitalise, ifBrand, listWith, type Phrasebook } from './phrasebook';

export const ES: Phrasebook = {
  language: 'es',
  nameCase: 'sentence',
  smallWords: [
    'a',
    'al',
    'con',
    'de',
    'del',
    'el',
    'en',
    'la',
    'las',
    'los',
    'o',
    'para',
    'por',
    'un',
    'una',
    'y',
  ],
  withValues: (values) => ` en ${values}`,
  sizeValue: (size) => `talla ${size}`,
  numberedValue: (name, value) => `${capitalise(name)} ${value}`,
  list: listWith('y'),
  metaLeads: [
    (name, values, brand) => `${name}${values}${ifBrand(brand, (b) => `, de la marca ${b}`)}.`,
    (name, values, brand) => `Ya a la venta en línea: ${name}${values}${ifBrand(brand, (b) => `, de ${b}`)}.`,
    (name, values, brand) => `${brand === '' ? 'Descubre' : `Una creación de ${brand}`}: ${name}${values}.`,
    (name, values, brand) =>
      `${name}${values}${ifBrand(brand, (b) => `, de ${b}`)}, con todos los detalles a la vista.`,
  ],
  metaClosings: [
    () => 'Haz tu pedido hoy mismo en nuestra tienda.',
    () => 'Añade tu elección al carrito hoy mismo.',
    () => 'Disponible en nuestra tienda en línea.',
    () => 'Mira todas las opciones en línea.',
  ],
  closing: (_name, lively) =>
    lively
      ? '¡Haz tu pedido hoy mismo en nuestra tienda en línea!'
      : 'Haz tu pedido hoy mismo en nuestra tienda en línea.',
  padding: [
    'Consulta todos los detalles y la ficha del producto en nuestra web.',
    'Más información en la página del producto.',
    'Descubre toda la colección en línea.',
    'El carrito está a un clic.',
    'Haz tu pedido en línea cuando quieras.',
    'Descubre más en línea.',
    'Compra ahora.',
  ],
  genericSentences: [
    'Todos los detalles están en la página del producto.',
    'Revisa las fotos y la ficha técnica antes de elegir.',
    'Elige la opción que mejor te convenga.',
    'Compara todas las opciones lado a lado.',
    '¿Tienes dudas? Nuestro equipo te ayuda con gusto.',
    'Preparamos tu pedido con cuidado.',
    'Échale un vistazo al resto de la colección.',
    'Guarda tu favorito en tu lista de deseos para más tarde.',
  ],
  shopKeyword: (keyword) => `Compra ${keyword} en línea.`,
  keywordPick: (keyword) => `Una buena elección si buscas ${keyword}.`,
  descriptionLead: (name, brand) => `${name}${ifBrand(brand, (b) => `, de la marca ${b}`)}.`,
  availableIn: (_name, values, isVariant) =>
    isVariant ? `Esta versión está disponible en ${values}.` : `Disponible en ${values}.`,
  rangeLine: (option, values) => `${capitalise(option)} a elegir: ${values}.`,
  material: (material) => `Material: ${material}.`,
  partOfRange: (range) => `Forma parte de la colección ${range}.`,
  suitedTo: (useCase) => `Ideal para ${useCase}.`,
  anotherVersion: 'otra versión',
  versionPrefix: (values) =>
    values === null ? 'Esta es otra versión. ' : `Esta es la versión en ${values}. `,
  factLabels: {
    brand: 'Marca',
    colour: 'Color',
    dimensions: 'Medidas',
    size: 'Talla',
    material: 'Material',
    range: 'Colección',
    use_case: 'Uso',
  },
  altViews: [
    'otra vista',
    'vista de cerca',
    'vista lateral',
    'un detalle',
    'vista trasera',
    'vista desde arriba',
  ],
  altSettings: [
    'con luz natural',
    'sobre fondo liso',
    'en uso',
    'en primer plano',
    'desde lejos',
    'en ángulo',
  ],
  altBy: (brand) => `, de ${brand}`,
};
