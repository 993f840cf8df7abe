import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { fixedHeaders } from './fixed-headers';

async function headersOf(middleware: RequestHandler) {
  const app = express();
  app.use(middleware);
  app.get('/x', (_req, res) => {
    res.json({ ok: true });
  });
  const res = await request(app).get('/x');
  const { date: _date, ...headers } = res.headers;
  return headers;
}

describe('fixedHeaders', () => {
  it("sets exactly the headers helmet sets, and removes what helmet removes (express's X-Powered-By)", async () => {
    const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } };
    const expected = await headersOf(helmet(options));
    expect(expected['content-security-policy']).toMatch(/^default-src 'none';.*frame-ancestors 'none'/);
    expect(expected['x-powered-by']).toBeUndefined();
    expect(await headersOf(fixedHeaders(helmet(options)))).toEqual(expected);
  });

  it('refuses a middleware whose headers depend on the request', () => {
    const perRequest: RequestHandler = (req, res, next) => {
      res.setHeader('X-Path', req.path);
      next();
    };
    expect(() => fixedHeaders(perRequest)).toThrow('reads the request (path)');
  });

  it('refuses a middleware that does not finish at once', () => {
    const later: RequestHandler = (_req, _res, next) => {
      setImmediate(next);
    };
    expect(() => fixedHeaders(later)).toThrow('did not call next synchronously');
  });
});
