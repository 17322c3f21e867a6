import sanitizeHtml from 'sanitize-html';

/**
 * An uploaded SVG logo made inert with sanitize-html: an allowlist of drawing elements and attributes, so script,
 * event handlers, foreign objects, styles, animation and links out of the file are dropped, and the text of dropped
 * elements with them. References stay only within the file (`#id`). What is left is a picture and nothing else.
 */

const SHAPES = ['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon'];
const TAGS = [
  'svg',
  'g',
  ...SHAPES,
  'text',
  'tspan',
  'defs',
  'use',
  'symbol',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'title',
  'desc',
];

const PAINT = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'transform',
  'clip-path',
  'clip-rule',
  'mask',
  'id',
  'class',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'visibility',
  'display',
];
const GEOMETRY = [
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'width',
  'height',
  'd',
  'points',
  'pathLength',
  'dx',
  'dy',
];

const ATTRIBUTES: Record<string, string[]> = {
  '*': [...PAINT, ...GEOMETRY],
  svg: ['xmlns', 'xmlns:xlink', 'viewBox', 'preserveAspectRatio', 'version'],
  symbol: ['viewBox', 'preserveAspectRatio'],
  use: ['href', 'xlink:href'],
  linearGradient: ['gradientUnits', 'gradientTransform', 'spreadMethod', 'href', 'xlink:href'],
  radialGradient: [
    'gradientUnits',
    'gradientTransform',
    'spreadMethod',
    'fx',
    'fy',
    'fr',
    'href',
    'xlink:href',
  ],
  stop: ['offset', 'stop-color', 'stop-opacity'],
  clipPath: ['clipPathUnits'],
  mask: ['maskUnits', 'maskContentUnits'],
};

/** Paint that points outside the file (`url(https://…)`) is dropped; `url(#id)` stays. */
const OUTSIDE = /url\(\s*['"]?\s*(?!#)/i;

export const SVG_NS = 'http://www.w3.org/2000/svg';

/** The SVG as sanitised markup, or null when it is no SVG (its root is not `<svg>`, or nothing drawable is left). */
export function sanitiseSvg(source: string): string | null {
  const clean = sanitizeHtml(source, {
    allowedTags: TAGS,
    allowedAttributes: ATTRIBUTES,
    allowedSchemes: [],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'noscript', 'iframe', 'template', 'title'],
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, decodeEntities: true },
    selfClosing: SHAPES.concat(['use', 'stop']),
    transformTags: {
      '*': (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(
          Object.entries(attribs).filter(
            ([name, value]) =>
              !((name === 'href' || name === 'xlink:href') && !value.startsWith('#')) && !OUTSIDE.test(value),
          ),
        ),
      }),
    },
  }).trim();
  if (!clean.startsWith('<svg') || !clean.endsWith('</svg>')) return null;
  // An SVG shown as an image needs its namespace; a logo exported without it is given it.
  return /^<svg[^>]*\sxmlns="/.test(clean) ? clean : clean.replace(/^<svg/, `<svg xmlns="${SVG_NS}"`);
}
