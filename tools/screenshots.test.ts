import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The README's screenshots, made by `npm run screenshots` and committed: they must not go missing. */
const IMAGES = ['applicant-editor.png', 'director-dashboard.png'];
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

test.each(IMAGES)('docs/images/%s is a PNG at the 1366 px laptop width, small enough for the README', (name) => {
  const bytes = readFileSync(path.resolve(__dirname, '../docs/images', name));
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  // The first chunk is IHDR: length (4 bytes), type (4), then the width and height (4 each, big-endian).
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  expect(bytes.readUInt32BE(16)).toBe(1366);
  expect(bytes.readUInt32BE(20)).toBe(768);
  expect(bytes.length).toBeLessThan(250 * 1024);
});
