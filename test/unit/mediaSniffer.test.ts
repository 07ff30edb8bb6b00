import { ValidationError } from '../../src/domain/errors';
import { checkUpload, MEDIA_RULES, sniffMedia } from '../../src/domain/mediaSniffer';

// A real 1x1 PNG, GIF and WebP, as produced by common encoders.
const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF_1x1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const WEBP_1x1 = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');
const JPEG_HEAD = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'), Buffer.from([0xff, 0xd9])]);

function box(type: string, payload: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + payload.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), payload]);
}
function ftyp(major: string, ...compatible: string[]): Buffer {
  return Buffer.concat([box('ftyp', Buffer.concat([Buffer.from(major, 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from(compatible.join(''), 'latin1')])), box('mdat', Buffer.alloc(16))]);
}
function ebml(docType: string): Buffer {
  const docTypeElement = Buffer.concat([Buffer.from([0x42, 0x82, 0x80 | docType.length]), Buffer.from(docType, 'latin1')]);
  const body = Buffer.concat([Buffer.from([0x42, 0x86, 0x81, 0x01]), docTypeElement, Buffer.from([0x42, 0x87, 0x81, 0x04])]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, Buffer.from([0x18, 0x53, 0x80, 0x67])]);
}

describe('sniffMedia', () => {
  it.each([
    ['a PNG', PNG_1x1, 'image/png', 'image'],
    ['a JPEG', JPEG_HEAD, 'image/jpeg', 'image'],
    ['a GIF89a', GIF_1x1, 'image/gif', 'image'],
    ['a GIF87a', Buffer.concat([Buffer.from('GIF87a', 'latin1'), GIF_1x1.subarray(6)]), 'image/gif', 'image'],
    ['a WebP', WEBP_1x1, 'image/webp', 'image'],
    ['an MP4 with brand isom', ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'), 'video/mp4', 'video'],
    ['an MP4 with brand mp42', ftyp('mp42', 'mp42', 'isom'), 'video/mp4', 'video'],
    ['an M4V', ftyp('M4V ', 'M4V ', 'M4A ', 'mp42'), 'video/mp4', 'video'],
    ['a DASH segment', ftyp('dash', 'iso6'), 'video/mp4', 'video'],
    ['an MP4 recognised by a compatible brand only', ftyp('XAVC', 'XAVC', 'mp42'), 'video/mp4', 'video'],
    ['a QuickTime movie with ftyp qt', ftyp('qt  ', 'qt  '), 'video/quicktime', 'video'],
    ['an old QuickTime movie starting with a wide atom', Buffer.concat([box('wide', Buffer.alloc(0)), box('mdat', Buffer.alloc(32))]), 'video/quicktime', 'video'],
    ['an old QuickTime movie starting with moov', box('moov', Buffer.alloc(24)), 'video/quicktime', 'video'],
    ['a WebM', ebml('webm'), 'video/webm', 'video'],
  ])('recognises %s', (_name, bytes, contentType, kind) => {
    expect(sniffMedia(bytes)).toEqual({ contentType, kind });
  });

  it.each([
    ['plain text', Buffer.from('hello, this is not an image\n')],
    ['an HTML page', Buffer.from('<!doctype html><html><script>alert(1)</script></html>')],
    ['an SVG (can carry script)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n')],
    ['a RIFF AVI', Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), Buffer.from('AVI LIST', 'latin1')])],
    ['a Matroska (not WebM) file', ebml('matroska')],
    ['a 3GP file', ftyp('3gp4', '3gp4', '3gp5')],
    ['an HEIC image', ftyp('heic', 'mif1', 'heic')],
    ['text with "moov" at offset 4', Buffer.from('1234moov is a word that appears in this sentence')],
    ['a truncated PNG signature', PNG_1x1.subarray(0, 6)],
    ['an empty buffer', Buffer.alloc(0)],
  ])('rejects %s', (_name, bytes) => {
    expect(sniffMedia(bytes)).toBeNull();
  });
});

describe('checkUpload', () => {
  function expectFileError(fn: () => unknown, issue: RegExp) {
    try {
      fn();
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).details).toEqual({ field: 'file', issue: expect.stringMatching(issue) });
      return;
    }
    throw new Error('expected a ValidationError');
  }

  it('accepts images as photo and logo and returns the sniffed content type', () => {
    expect(checkUpload('photo', PNG_1x1)).toEqual({ contentType: 'image/png' });
    expect(checkUpload('logo', WEBP_1x1)).toEqual({ contentType: 'image/webp' });
    expect(checkUpload('photo', GIF_1x1)).toEqual({ contentType: 'image/gif' });
    expect(checkUpload('logo', JPEG_HEAD)).toEqual({ contentType: 'image/jpeg' });
  });

  it('accepts MP4, WebM and QuickTime as video', () => {
    expect(checkUpload('video', ftyp('isom', 'isom'))).toEqual({ contentType: 'video/mp4' });
    expect(checkUpload('video', ebml('webm'))).toEqual({ contentType: 'video/webm' });
    expect(checkUpload('video', ftyp('qt  '))).toEqual({ contentType: 'video/quicktime' });
  });

  it('rejects a text file renamed .png, whatever the client claims', () => {
    expectFileError(() => checkUpload('photo', Buffer.from('I am definitely a PNG, trust me.png')), /not a recognised image or video/);
  });

  it('rejects the wrong kind for the media type', () => {
    expectFileError(() => checkUpload('photo', ftyp('isom', 'isom')), /is video\/mp4; a photo must be JPEG, PNG, WebP or GIF/);
    expectFileError(() => checkUpload('video', PNG_1x1), /is image\/png; a video must be MP4, WebM or QuickTime/);
  });

  it('enforces the size caps: logo 2 MB, photo 10 MB, video 100 MB', () => {
    expect(MEDIA_RULES.logo.maxBytes).toBe(2 * 1024 * 1024);
    expect(MEDIA_RULES.photo.maxBytes).toBe(10 * 1024 * 1024);
    expect(MEDIA_RULES.video.maxBytes).toBe(100 * 1024 * 1024);
    const pngOfSize = (n: number) => Buffer.concat([PNG_1x1, Buffer.alloc(n - PNG_1x1.length)]);
    expect(checkUpload('logo', pngOfSize(2 * 1024 * 1024))).toEqual({ contentType: 'image/png' });
    expectFileError(() => checkUpload('logo', pngOfSize(2 * 1024 * 1024 + 1)), /a logo must be .*up to 2 MB/);
    expect(checkUpload('photo', pngOfSize(2 * 1024 * 1024 + 1))).toEqual({ contentType: 'image/png' });
    expectFileError(() => checkUpload('photo', pngOfSize(10 * 1024 * 1024 + 1)), /up to 10 MB/);
  });

  it('rejects an empty file', () => {
    expectFileError(() => checkUpload('photo', Buffer.alloc(0)), /is empty/);
  });

  it('rejects an unknown media type on the type field', () => {
    expect(() => checkUpload('banner' as never, PNG_1x1)).toThrow(expect.objectContaining({ details: { field: 'type', issue: 'must be photo, video or logo' } }));
  });
});
