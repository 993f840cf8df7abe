/** Leading bytes each media type must start with; the declared Content-Type is never trusted alone. */
const SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  'application/pdf': (bytes) => startsWith(bytes, '%PDF-'),
  // Word 97-2003: an OLE compound file; Word 2007 and later (.docx): a ZIP package.
  'application/msword': (bytes) => startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': (bytes) =>
    startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]),
  'image/png': (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
  'image/gif': (bytes) => startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a'),
  'image/webp': (bytes) => startsWith(bytes, 'RIFF') && bytes.subarray(8, 12).toString('latin1') === 'WEBP',
};

function startsWith(bytes: Buffer, prefix: string | number[]): boolean {
  const expected = typeof prefix === 'string' ? Buffer.from(prefix, 'latin1') : Buffer.from(prefix);
  return bytes.length >= expected.length && bytes.subarray(0, expected.length).equals(expected);
}

/** Whether `bytes` look like `mediaType`; a type without a known signature never matches. */
export function matchesSignature(mediaType: string, bytes: Buffer): boolean {
  return SIGNATURES[mediaType]?.(bytes) ?? false;
}

/** The extensions a name of each media type may end in; the first is the one given when it ends in none of them. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
};

export function extensionFor(mediaType: string): string {
  return EXTENSIONS[mediaType]?.[0] ?? '';
}

/** Whether `name` ends in an extension of `mediaType` (in any case). */
export function hasExtensionOf(name: string, mediaType: string): boolean {
  const lower = name.toLowerCase();
  return (EXTENSIONS[mediaType] ?? []).some((extension) => lower.endsWith(extension));
}
