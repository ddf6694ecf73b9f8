// Lighthouse over several pages with ONE Chromium, for .ci/tools/lighthouse.py.
//
//   node audit.mjs '{"chromium": "/usr/bin/chromium", "flags": ["--headless", ...],
//                    "categories": ["seo", ...], "pages": [["out.json", "http://..."], ...]}'
//
// Each page gets the same run as `lighthouse URL --only-categories=... --output=json`
// (default config, storage reset before each page); only the browser start is shared. The
// network-requests audit (page weights) runs whatever the categories; the full-page
// screenshot, a picture for the HTML report that no score uses, is skipped.
import { writeFileSync } from "node:fs";
import * as ChromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const job = JSON.parse(process.argv[2]);
const chrome = await ChromeLauncher.launch({ chromePath: job.chromium, chromeFlags: job.flags });
try {
  for (const [output, url] of job.pages) {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: job.categories,
      onlyAudits: ["network-requests"],
      disableFullPageScreenshot: true,
      output: "json",
      logLevel: "error",
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    writeFileSync(output, result.report);
  }
} finally {
  chrome.kill();
}
