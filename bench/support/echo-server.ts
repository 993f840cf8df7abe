/**
 * The baseline of `npm run bench:api`: a bare Express app answering a small JSON body, in a process
 * of its own as the portal's API is. Prints "echo listening on <url>" when ready.
 */
import express from 'express';

const app = express();
app.disable('x-powered-by');
app.get('/echo', (_req, res) => {
  res.json({ status: 'ok' });
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : process.env.PORT;
  console.log(`echo listening on http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
