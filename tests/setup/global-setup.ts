import { build } from '../../scripts/build.ts';

/** Tests render real pages, so they need a real client build (a production one, as users get). */
export default async function setup() {
  await build({ production: true });
}
