// What a compressed image keeps of its original's metadata. Google asks merchants never to remove the IPTC
// DigitalSourceType "trainedAlgorithmicMedia" mark from AI-made images, and it lives in XMP (IPTC Extension),
// so XMP, IPTC and the colour profile are kept as they are. EXIF is written again from its text fields (make,
// model, copyright, artist, dates…) without the GPS block: where a photo was taken is private.
import readExif from 'exif-reader';

/** sharp's withExif() shape: IFD0 is the image's own tags, IFD2 the photo (Exif) tags. */
export type ExifText = { IFD0?: Record<string, string>; IFD2?: Record<string, string> };

/** The text tags of `exif` (sharp's metadata().exif), with the GPS block and every non-text value left out. */
export function exifWithoutLocation(exif: Buffer | undefined): ExifText {
  if (!exif || exif.length === 0) return {};
  let parsed: ReturnType<typeof readExif>;
  try {
    parsed = readExif(exif);
  } catch {
    // Unreadable EXIF is dropped rather than copied blindly: it might hold the location.
    return {};
  }
  const text = (tags: Record<string, unknown> | undefined) => {
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(tags ?? {})) {
      if (typeof value === 'string' && value.trim() !== '' && !/^GPS/.test(name)) kept[name] = value;
    }
    return Object.keys(kept).length > 0 ? kept : undefined;
  };
  const IFD0 = text(parsed.Image);
  const IFD2 = text(parsed.Photo);
  return { ...(IFD0 ? { IFD0 } : {}), ...(IFD2 ? { IFD2 } : {}) };
}

/** Whether `exif` carries a GPS block, or cannot be read (and so might). */
export function hasLocation(exif: Buffer | undefined): boolean {
  if (!exif || exif.length === 0) return false;
  try {
    const parsed = readExif(exif);
    return parsed.GPSInfo !== undefined && Object.keys(parsed.GPSInfo).length > 0;
  } catch {
    return true;
  }
}
