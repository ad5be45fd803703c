// Firefox for the browser tests (tests/browser/engines.py): Puppeteer (npm puppeteer-core, pinned
// in package-lock.json) drives Debian's Firefox ESR over WebDriver BiDi, headless. Python speaks
// JSON lines with this process: {"id", "cmd", ...args} in, {"id", "value"} or {"id", "error"} out.
//
//   node tests/browser/firefox_bridge.mjs FIREFOX_EXECUTABLE
//   open -> handle            a fresh browser context (own storage, cache, service workers) and page
//   goto {h, url}   reload {h}   evaluate {h, expression} -> JSON value (promises awaited)
//   click {h, css} (a real click at the element's centre)   press {h, key}   close {h}
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const TIMEOUT_MS = 120_000;
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.argv[2],
  headless: true,
  protocolTimeout: TIMEOUT_MS,
});
const sessions = new Map();
let next = 1;

const commands = {
  version: () => browser.version(),
  async open() {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1000, height: 800 });
    page.setDefaultTimeout(TIMEOUT_MS);
    sessions.set(next, { context, page });
    return next++;
  },
  goto: async ({ h, url }) => { await page(h).goto(url, { waitUntil: "load" }); },
  reload: async ({ h }) => { await page(h).reload({ waitUntil: "load" }); },
  evaluate: ({ h, expression }) => page(h).evaluate(`(async () => (${expression}))()`),
  async click({ h, css }) {
    const element = await page(h).waitForSelector(css);
    await element.click();
  },
  press: ({ h, key }) => page(h).keyboard.press(key),
  async close({ h }) {
    await sessions.get(h).context.close();
    sessions.delete(h);
  },
};

function page(h) {
  return sessions.get(h).page;
}

const answer = (message) => process.stdout.write(JSON.stringify(message) + "\n");
answer({ id: 0, value: "ready" });
for await (const line of createInterface({ input: process.stdin })) {
  const { id, cmd, ...args } = JSON.parse(line);
  try {
    const value = await commands[cmd](args);
    answer({ id, value: value === undefined ? null : value });
  } catch (error) {
    answer({ id, error: String(error && (error.stack || error.message) || error) });
  }
}
await browser.close();
