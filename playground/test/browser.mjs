// browser.mjs URL CHROMIUM DOC OUT: the playground's browser test, driven
// by testscripts/playground_test.go (TestPlayground). Headless Chromium
// opens the page; the test types the document DOC (broken), waits for the
// finding, clicks its position (which selects its span) and its fix, waits
// for the finding to go, and writes the fixed document and what the agent
// sees of it to OUT (JSON); then it opens the share link and checks the
// document comes back, and that a link holding more than 10 MiB is
// refused. It prints one line per step ("ok ..."), the page's load time
// ("load-ms N": from navigation to the first findings, sfmd.wasm fetched,
// compiled and run) and the time of one call of lint and view on the
// sample ("call-ms"), and exits non-zero on the first failure.
import { chromium } from "playwright-core";

const [url, executablePath, docFile, outFile] = process.argv.slice(2);
const fs = await import("node:fs");
const zlib = await import("node:zlib");
const doc = fs.readFileSync(docFile, "utf8");
const timeout = 60000;

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
try {
	const page = await browser.newPage();
	const logs = [];
	page.on("console", (m) => logs.push(m.text()));
	page.on("pageerror", (e) => logs.push("pageerror: " + e.message));
	try {
		await page.goto(url);
		await page.waitForFunction(() => globalThis.sfmdReadyMs || globalThis.sfmdFailed, null, { timeout });
		const failed = await page.evaluate(() => globalThis.sfmdFailed);
		if (failed) throw new Error("the page failed to start: " + failed);
		console.log("load-ms " + await page.evaluate(() => globalThis.sfmdReadyMs));
		if (await page.locator("#findings li").count() !== 0) throw new Error("the sample document has findings");
		console.log("ok sample: no findings");
		// the time of one lint and one view of the sample, over 50 calls
		console.log(await page.evaluate(() => {
			const text = document.querySelector("#doc").value, n = 50;
			const each = (f) => {
				const t0 = performance.now();
				for (let i = 0; i < n; i++) f(text);
				return ((performance.now() - t0) / n).toFixed(1);
			};
			return `call-ms lint ${each(globalThis.sfmd.lint)}, view ${each(globalThis.sfmd.view)}`;
		}));

		// type the broken document
		await page.fill("#doc", "");
		await page.locator("#doc").pressSequentially(doc, { delay: 0 });
		await page.waitForSelector("body:not([data-pending])", { timeout });
		if (await page.inputValue("#doc") !== doc) throw new Error("the editor does not hold the typed document");
		const finding = page.locator('#findings li[data-rule="header-syntax-invalid"]');
		await finding.waitFor({ timeout });
		console.log("ok finding: " + (await finding.textContent()));
		// its position selects its span in the editor
		await finding.locator(".pos").click();
		console.log("ok select: " + await page.evaluate(() => {
			const e = document.querySelector("#doc");
			return e.value.slice(e.selectionStart, e.selectionEnd);
		}));
		const view = await page.locator("#view").textContent();
		if (!view.includes("# Weather")) throw new Error("what the agent sees lacks the page's heading:\n" + view);
		console.log("ok view: " + view.split("\n")[0]);

		// apply its fix
		await finding.locator("button.fix").first().click();
		await page.waitForSelector("body:not([data-pending])", { timeout });
		await finding.waitFor({ state: "detached", timeout });
		const fixed = await page.inputValue("#doc");
		if (fixed === doc) throw new Error("the fix did not change the document");
		console.log("ok fixed: the finding is gone");
		// the fixed document and what the agent sees of it, for the Go test
		// to compare with sfmd view
		fs.writeFileSync(outFile, JSON.stringify({ fixed, view: await page.locator("#view").textContent() }));

		// the share link holds the document
		await page.waitForFunction((t) => location.hash.startsWith("#doc=") && document.querySelector("#doc").value === t, fixed, { timeout });
		const link = page.url();
		const other = await browser.newPage();
		await other.goto(link);
		await other.waitForFunction(() => globalThis.sfmdReadyMs || globalThis.sfmdFailed, null, { timeout });
		if (await other.inputValue("#doc") !== fixed) throw new Error("the share link did not bring the document back");
		console.log("ok link: " + link.length + " characters hold the document");

		// a link that inflates past the cap is refused, not inflated
		const bomb = zlib.deflateRawSync(Buffer.alloc(11 << 20, 0x61)).toString("base64url");
		const third = await browser.newPage();
		await third.goto(url + "#doc=" + bomb);
		await third.waitForFunction(() => globalThis.sfmdReadyMs || globalThis.sfmdFailed, null, { timeout });
		const status = await third.locator("#status").textContent();
		if (!status.includes("over 10485760 bytes")) throw new Error("a link of 11 MiB was not refused: " + status);
		console.log("ok cap: " + status);
	} catch (e) {
		console.log("page console:\n" + logs.join("\n"));
		throw e;
	}
} finally {
	await browser.close();
}
