/** What a sample resume says: the sample person's name and the team role they apply for. */
export interface SampleResumeOf {
  firstName: string;
  lastName: string;
  roleLabel: string;
}

const DEMO_NOTICE = 'A sample resume in the demo data of the Application Portal. Not a real person.';

/**
 * A one-page PDF resume for a demo applicant, so staff reading a sample application open a real
 * document where the form asks for a resume. Its text says plainly that it is made up.
 */
export async function sampleResumePdf({ firstName, lastName, roleLabel }: SampleResumeOf): Promise<Buffer> {
  // Loaded when a resume is made, not with the runtime: every start imports the seeds, few seed reviews.
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${firstName} ${lastName}: sample resume`);
  pdf.setCreator('Application Portal demo data');
  // A fixed date: the same person gives the same bytes on every machine.
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const page = pdf.addPage([612, 792]); // US Letter
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.35, 0.35, 0.35);

  let y = 720;
  const line = (
    text: string,
    options: { size?: number; font?: typeof regular; gap?: number; color?: typeof grey } = {},
  ) => {
    const { size = 11, font = regular, gap = 6, color = rgb(0, 0, 0) } = options;
    page.drawText(text, { x: 72, y, size, font, color });
    y -= size + gap;
  };

  line(`${firstName} ${lastName}`, { size: 24, font: bold, gap: 10 });
  line(`Applying for ${roleLabel}`, { size: 13, color: grey, gap: 4 });
  line(DEMO_NOTICE, { size: 9, color: grey, gap: 24 });

  line('Education', { size: 14, font: bold });
  line('Example University: B.S. in Computer Science, expected 2027', { gap: 20 });

  line('Experience', { size: 14, font: bold });
  line('Sample Food Bank: volunteer web developer, 2025', { font: bold, gap: 4 });
  line('Rebuilt the volunteer sign-up page; cut missed shifts by a sample amount.');
  line('Example Robotics Club: team member, 2024', { font: bold, gap: 4 });
  line('Wrote the scoring tool the club used at two sample competitions.', { gap: 20 });

  line('Skills', { size: 14, font: bold });
  line('TypeScript, React, SQL, user interviews, writing clear documentation.');

  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
