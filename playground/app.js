// app.js: the playground page. sfmd.wasm (playground/main.go) lints the
// text as the language server does and renders it as sfmd view does; this
// file shows the results, applies a fix on a click, and keeps the document
// in the URL fragment (#doc=, deflate-raw + base64url), so that a link
// holds it and nothing is sent to a server.
"use strict";

const sample = `---
name: weather
default: forecast
---

# Weather

Ask with \`/act.forecast --city Seoul\`.

\`\`\`act.forecast
GET https://api.example.com/forecast/{city}
  city: string "City name" = "Seoul"
\`\`\`
`;

const $ = (id) => document.getElementById(id);
const editor = $("doc");

async function pipe(bytes, stream) {
	const out = new Blob([bytes]).stream().pipeThrough(stream);
	return new Uint8Array(await new Response(out).arrayBuffer());
}

async function encodeDoc(text) {
	const z = await pipe(new TextEncoder().encode(text), new CompressionStream("deflate-raw"));
	let bin = "";
	for (const b of z) bin += String.fromCharCode(b);
	return btoa(bin).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

// maxDoc caps what a link may inflate to (a few KB of deflate can hold
// gigabytes): 10 MiB, the size over which sfmd lint does not parse a file
// (safeio.DefaultMaxSize).
const maxDoc = 10 << 20;

async function decodeDoc(s) {
	const bin = atob(s.replaceAll("-", "+").replaceAll("_", "/"));
	const z = Uint8Array.from(bin, (c) => c.charCodeAt(0));
	const reader = new Blob([z]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
	const parts = [];
	let size = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		size += value.length;
		if (size > maxDoc) {
			await reader.cancel();
			throw new Error(`the link's document is over ${maxDoc} bytes`);
		}
		parts.push(value);
	}
	return new TextDecoder().decode(await new Blob(parts).arrayBuffer());
}

let rendered = null; // the text the findings are of

function render() {
	const text = editor.value;
	rendered = text;
	const res = JSON.parse(globalThis.sfmd.lint(text));
	const list = $("findings");
	list.replaceChildren();
	const diags = res.diagnostics || [];
	diags.forEach((d, i) => {
		const li = document.createElement("li");
		li.dataset.rule = d.rule;
		const pos = document.createElement("span");
		pos.className = "pos";
		pos.textContent = `${d.line}:${d.col}`;
		pos.onclick = () => { editor.focus(); editor.setSelectionRange(d.from, d.to); };
		const sev = document.createElement("span");
		sev.className = d.severity;
		sev.textContent = ` ${d.severity} `;
		const rule = document.createElement("span");
		rule.className = "rule";
		rule.textContent = d.rule;
		li.append(pos, sev, rule, ": " + d.message);
		d.fixes.forEach((f, j) => {
			const b = document.createElement("button");
			b.className = "fix";
			b.textContent = f.safe ? f.message : f.message + " (unsafe)";
			b.title = f.safe ? "a safe fix (sfmd lint --fix applies it)" : "an unsafe fix (sfmd lint --fix --unsafe-fixes applies it)";
			b.onclick = () => applyFix(i, j);
			li.append(b);
		});
		list.append(li);
	});
	if (res.error) {
		const li = document.createElement("li");
		li.className = "error";
		li.textContent = res.error;
		list.append(li);
	}
	$("count").textContent = `(${diags.length})`;
	const v = JSON.parse(globalThis.sfmd.view(text));
	if (v.error) {
		$("viewnote").textContent = "sfmd view failed: " + v.error;
		$("view").textContent = "";
	} else if (!v.ok) {
		$("viewnote").textContent = `the runtime refuses the page: ${v.code}`;
		$("view").textContent = v.content;
	} else {
		$("viewnote").textContent = v.defaultAction ? `/open would then run the default action ${v.defaultAction} (not run here)` : "";
		$("view").textContent = v.content;
	}
}

function applyFix(i, j) {
	if (editor.value !== rendered) { // the findings are not of this text
		changed();
		return;
	}
	const res = JSON.parse(globalThis.sfmd.fix(editor.value, i, j));
	if (res.error) {
		$("status").textContent = res.error;
	} else {
		editor.value = res.text;
	}
	changed();
}

let timer = 0;
function changed() {
	clearTimeout(timer);
	document.body.dataset.pending = "lint";
	timer = setTimeout(async () => {
		render();
		history.replaceState(null, "", "#doc=" + await encodeDoc(editor.value));
		if (editor.value === rendered) delete document.body.dataset.pending;
	}, 100);
}

async function main() {
	const go = new Go();
	let inst;
	try {
		inst = (await WebAssembly.instantiateStreaming(fetch("sfmd.wasm"), go.importObject)).instance;
	} catch {
		const buf = await (await fetch("sfmd.wasm")).arrayBuffer();
		inst = (await WebAssembly.instantiate(buf, go.importObject)).instance;
	}
	go.run(inst); // returns once main blocks, globalThis.sfmd set
	if (globalThis.sfmd.error) throw new Error(globalThis.sfmd.error);
	const m = location.hash.match(/^#doc=([A-Za-z0-9_-]*)$/);
	editor.value = m ? await decodeDoc(m[1]) : sample;
	editor.disabled = false;
	editor.addEventListener("input", changed);
	$("share").disabled = false;
	$("share").onclick = async () => {
		history.replaceState(null, "", "#doc=" + await encodeDoc(editor.value));
		try {
			await navigator.clipboard.writeText(location.href);
			$("status").textContent = "link copied: it holds the document";
		} catch {
			$("status").textContent = "the address bar's link holds the document: copy it from there";
		}
	};
	render();
	const ms = Math.round(performance.now());
	$("status").textContent = `ready in ${ms} ms`;
	globalThis.sfmdReadyMs = ms;
}

main().catch((e) => {
	$("status").textContent = "failed: " + e.message;
	globalThis.sfmdFailed = String(e);
});
