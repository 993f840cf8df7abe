/** A small but real PDF document, padded to `sizeBytes` so an upload takes a visible moment. */
export function makePdf(sizeBytes = 2 * 1024 * 1024): Buffer {
  const head =
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n';
  const tail = '\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  const padding = Math.max(0, sizeBytes - head.length - tail.length);
  return Buffer.concat([Buffer.from(head), Buffer.alloc(padding, 0x20), Buffer.from(tail)]);
}
