// Media type from the file's bytes ("content type decided from the file's bytes, not its
// name or header"). Only formats we serve are recognised; everything else is rejected, so a
// script or HTML page renamed photo.png never reaches storage with an image content type.

import { ValidationError } from './errors';
import type { MediaType } from './media';

export interface SniffedMedia {
  contentType: string;
  kind: 'image' | 'video';
}

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');
const startsWith = (bytes: Buffer, signature: number[]) => bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** ISO BMFF brands (major or compatible) that mean an MP4 a browser can play. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'M4VH', 'M4VP', 'dash', 'mmp4', 'f4v ', 'msnv', 'NDAS']);
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide']);

function sniffIsoBmff(bytes: Buffer): SniffedMedia | null {
  if (bytes.length < 12) return null;
  const boxType = ascii(bytes, 4, 8);
  if (boxType === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const major = ascii(bytes, 8, 12);
    if (major === 'qt  ') return { contentType: 'video/quicktime', kind: 'video' };
    // Compatible brands follow the major brand and the 4-byte minor version.
    const brands = [major];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((b) => MP4_BRANDS.has(b))) return { contentType: 'video/mp4', kind: 'video' };
    if (brands.includes('qt  ')) return { contentType: 'video/quicktime', kind: 'video' };
    return null;
  }
  // Old QuickTime files start with a top-level atom instead of ftyp. The atom size must fit the
  // file (0 = to end of file, 1 = 64-bit size follows), which rules out text that happens to
  // contain "moov" at offset 4.
  const size = bytes.readUInt32BE(0);
  const sizeFits = size === 0 || size === 1 || (size >= 8 && size <= bytes.length);
  if (QUICKTIME_ATOMS.has(boxType) && sizeFits) return { contentType: 'video/quicktime', kind: 'video' };
  return null;
}

function sniffWebm(bytes: Buffer): SniffedMedia | null {
  if (!startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return null;
  // DocType element (0x42 0x82), then a 1-byte size vint (0x80 | length), then the doctype string.
  const header = bytes.subarray(0, 64);
  for (let i = 4; i + 3 < header.length; i += 1) {
    if (header[i] === 0x42 && header[i + 1] === 0x82) {
      const length = header[i + 2] & 0x7f;
      if (ascii(header, i + 3, i + 3 + length) === 'webm') return { contentType: 'video/webm', kind: 'video' };
      return null;
    }
  }
  return null;
}

export function sniffMedia(bytes: Buffer): SniffedMedia | null {
  if (!Buffer.isBuffer(bytes) || bytes.length < 4) return null;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', kind: 'image' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', kind: 'image' };
  const six = ascii(bytes, 0, 6);
  if (six === 'GIF87a' || six === 'GIF89a') return { contentType: 'image/gif', kind: 'image' };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { contentType: 'image/webp', kind: 'image' };
  return sniffWebm(bytes) ?? sniffIsoBmff(bytes);
}

const MB = 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

interface MediaRule {
  accept: readonly string[];
  maxBytes: number;
  label: string;
}

export const MEDIA_RULES: Record<MediaType, MediaRule> = {
  logo: { accept: IMAGE_TYPES, maxBytes: 2 * MB, label: 'JPEG, PNG, WebP or GIF, up to 2 MB' },
  photo: { accept: IMAGE_TYPES, maxBytes: 10 * MB, label: 'JPEG, PNG, WebP or GIF, up to 10 MB' },
  video: { accept: VIDEO_TYPES, maxBytes: 100 * MB, label: 'MP4, WebM or QuickTime, up to 100 MB' },
};

/** The sniffed content type when `bytes` is acceptable as `type`; otherwise a ValidationError on `file`. */
export function checkUpload(type: MediaType, bytes: Buffer): { contentType: string } {
  // `type` is the client's form field: checked here too.
  const rules: Partial<Record<string, MediaRule>> = MEDIA_RULES;
  const rule = rules[type];
  if (!rule) throw new ValidationError('type', 'must be photo, video or logo');
  if (bytes.length === 0) throw new ValidationError('file', 'is empty');
  if (bytes.length > rule.maxBytes) {
    throw new ValidationError('file', `is ${(bytes.length / MB).toFixed(1)} MB; a ${type} must be ${rule.label}`);
  }
  const sniffed = sniffMedia(bytes);
  if (!sniffed) throw new ValidationError('file', `is not a recognised image or video; a ${type} must be ${rule.label}`);
  if (!rule.accept.includes(sniffed.contentType)) {
    throw new ValidationError('file', `is ${sniffed.contentType}; a ${type} must be ${rule.label}`);
  }
  return { contentType: sniffed.contentType };
}
