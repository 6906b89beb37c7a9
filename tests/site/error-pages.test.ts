import request from 'supertest';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../client/routes.tsx';
import { startTestApp } from '../helpers/app.ts';

function Broken(): never {
  throw new Error('The level map could not be drawn');
}

/** The real route table plus one page whose component throws while rendering. */
const [root, ...rest] = routes;
const withBrokenPage: RouteObject[] = [
  { ...root!, index: false, children: [...(root!.children ?? []), { path: 'broken', Component: Broken }] },
  ...rest,
];

describe('unexpected rendering errors', () => {
  it('answer 500 with the message and no stack trace in production', async () => {
    const app = await startTestApp({ NODE_ENV: 'production' }, { routes: withBrokenPage });
    try {
      const res = await request(app.handler).get('/broken').expect(500);
      expect(res.text).toContain('Unexpected Application Error!');
      expect(res.text).toContain('The level map could not be drawn');
      expect(res.text).not.toMatch(/at Broken|\.tsx:\d+/);
      expect(res.text).not.toMatch(/<script/);
      // The rest of the site keeps working.
      await request(app.handler).get('/').expect(200);
    } finally {
      await app.stop();
    }
  });

  it('show the stack trace in development', async () => {
    const app = await startTestApp({ NODE_ENV: 'development' }, { routes: withBrokenPage });
    try {
      const res = await request(app.handler).get('/broken').expect(500);
      expect(res.text).toContain('Unexpected Application Error!');
      expect(res.text).toMatch(/at Broken/);
    } finally {
      await app.stop();
    }
  });
});
