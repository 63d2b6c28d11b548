// memfs.js: a file system in memory for sfmd.wasm in the browser. Go's
// syscall package on GOOS=js calls globalThis.fs with Node's callback API
// (syscall/fs_js.go); wasm_exec.js installs a stub that fails every call
// unless globalThis.fs is already set, so this file is loaded first. It
// holds directories and regular files only (no links), and calls every
// callback at once: Go's fsCall waits on a buffered channel, so a
// synchronous callback works even inside a call from JavaScript into Go.
"use strict";
(() => {
	const S_IFDIR = 0o040000, S_IFREG = 0o100000;
	const O_WRONLY = 1, O_RDWR = 2, O_CREAT = 64, O_EXCL = 128, O_TRUNC = 512, O_APPEND = 1024, O_DIRECTORY = 65536;
	const nodes = new Map(); // absolute path -> {dir: bool, data: Uint8Array, mode, mtime, ino}
	const fds = new Map(); // fd -> {path, pos, flags}
	let nextFd = 3, nextIno = 1;
	let out = { 1: "", 2: "" };
	const decoder = new TextDecoder("utf-8");

	function err(code) {
		const e = new Error(code);
		e.code = code;
		return e;
	}
	function norm(p) {
		const parts = [];
		for (const s of String(p).split("/")) {
			if (s === "" || s === ".") continue;
			if (s === "..") parts.pop();
			else parts.push(s);
		}
		return "/" + parts.join("/");
	}
	function parent(p) {
		return p === "/" ? "/" : norm(p + "/..");
	}
	function node(p, kind) {
		const n = { dir: kind === "dir", data: new Uint8Array(0), mode: kind === "dir" ? 0o755 : 0o644, mtime: Date.now(), ino: nextIno++ };
		nodes.set(p, n);
		return n;
	}
	node("/", "dir");
	node("/tmp", "dir");

	function stat(p) {
		const n = nodes.get(norm(p));
		if (!n) throw err("ENOENT");
		return statOf(n);
	}
	function statOf(n) {
		const size = n.dir ? 4096 : n.data.length;
		return {
			dev: 1, ino: n.ino, mode: (n.dir ? S_IFDIR : S_IFREG) | n.mode, nlink: 1, uid: 0, gid: 0, rdev: 0,
			size, blksize: 4096, blocks: Math.ceil(size / 512),
			atimeMs: n.mtime, mtimeMs: n.mtime, ctimeMs: n.mtime,
			isDirectory() { return n.dir; },
		};
	}
	function dirOf(p) {
		const d = nodes.get(parent(p));
		if (!d) throw err("ENOENT");
		if (!d.dir) throw err("ENOTDIR");
	}
	function open(path, flags) {
		const p = norm(path);
		let n = nodes.get(p);
		if (n && (flags & O_CREAT) && (flags & O_EXCL)) throw err("EEXIST");
		if (!n) {
			if (!(flags & O_CREAT)) throw err("ENOENT");
			dirOf(p);
			n = node(p, "file");
		}
		const writing = (flags & (O_WRONLY | O_RDWR)) !== 0;
		if (n.dir && writing) throw err("EISDIR");
		if (!n.dir && (flags & O_DIRECTORY)) throw err("ENOTDIR");
		if (writing && (flags & O_TRUNC)) {
			n.data = new Uint8Array(0);
			n.mtime = Date.now();
		}
		const fd = nextFd++;
		fds.set(fd, { path: p, pos: 0, flags });
		return fd;
	}
	function file(fd) {
		const f = fds.get(fd);
		if (!f) throw err("EBADF");
		const n = nodes.get(f.path);
		if (!n) throw err("ENOENT");
		return [f, n];
	}
	function read(fd, buf, off, len, pos) {
		const [f, n] = file(fd);
		if (n.dir) throw err("EISDIR");
		const at = pos === null || pos === undefined ? f.pos : pos;
		const chunk = n.data.subarray(at, Math.min(at + len, n.data.length));
		buf.set(chunk, off);
		if (pos === null || pos === undefined) f.pos += chunk.length;
		return chunk.length;
	}
	function write(fd, buf, off, len, pos) {
		if (fd === 1 || fd === 2) {
			out[fd] += decoder.decode(buf.subarray(off, off + len));
			const nl = out[fd].lastIndexOf("\n");
			if (nl !== -1) {
				(fd === 1 ? console.log : console.error)(out[fd].substring(0, nl));
				out[fd] = out[fd].substring(nl + 1);
			}
			return len;
		}
		const [f, n] = file(fd);
		if (!(f.flags & (O_WRONLY | O_RDWR))) throw err("EBADF");
		let at = pos === null || pos === undefined ? f.pos : pos;
		if (f.flags & O_APPEND) at = n.data.length;
		const end = at + len;
		if (end > n.data.length) {
			const grown = new Uint8Array(end);
			grown.set(n.data);
			n.data = grown;
		}
		n.data.set(buf.subarray(off, off + len), at);
		n.mtime = Date.now();
		if (pos === null || pos === undefined) f.pos = end;
		return len;
	}
	function readdir(path) {
		const p = norm(path);
		const n = nodes.get(p);
		if (!n) throw err("ENOENT");
		if (!n.dir) throw err("ENOTDIR");
		const prefix = p === "/" ? "/" : p + "/";
		const names = [];
		for (const k of nodes.keys()) {
			if (k !== p && k.startsWith(prefix) && !k.slice(prefix.length).includes("/")) names.push(k.slice(prefix.length));
		}
		return names.sort();
	}
	function mkdir(path) {
		const p = norm(path);
		if (nodes.has(p)) throw err("EEXIST");
		dirOf(p);
		node(p, "dir");
	}
	function remove(path, wantDir) {
		const p = norm(path);
		const n = nodes.get(p);
		if (!n) throw err("ENOENT");
		if (wantDir && !n.dir) throw err("ENOTDIR");
		if (!wantDir && n.dir) throw err("EISDIR");
		if (wantDir && readdir(p).length > 0) throw err("ENOTEMPTY");
		nodes.delete(p);
	}
	function rename(from, to) {
		const a = norm(from), b = norm(to);
		if (!nodes.has(a)) throw err("ENOENT");
		dirOf(b);
		for (const k of [...nodes.keys()]) {
			if (k === a || k.startsWith(a + "/")) {
				const n = nodes.get(k);
				nodes.delete(k);
				nodes.set(b + k.slice(a.length), n);
			}
		}
	}
	function truncate(n, length) {
		const d = new Uint8Array(length);
		d.set(n.data.subarray(0, Math.min(length, n.data.length)));
		n.data = d;
		n.mtime = Date.now();
	}

	// call runs f and hands its result, or the error it threw, to the
	// callback, which is always the last argument.
	function call(f) {
		return (...args) => {
			const cb = args.pop();
			let r;
			try {
				r = f(...args);
			} catch (e) {
				cb(e.code ? e : err("EIO"));
				return;
			}
			cb(null, r);
		};
	}
	const ok = () => undefined;
	globalThis.fs = {
		constants: { O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND, O_EXCL, O_DIRECTORY },
		writeSync(fd, buf) { return write(fd, buf, 0, buf.length, null); },
		open: call((p, flags) => open(p, flags)),
		close: call((fd) => { file(fd); fds.delete(fd); }),
		read: call(read),
		write: call(write),
		fstat: call((fd) => statOf(file(fd)[1])),
		stat: call(stat),
		lstat: call(stat),
		mkdir: call(mkdir),
		readdir: call(readdir),
		unlink: call((p) => remove(p, false)),
		rmdir: call((p) => remove(p, true)),
		rename: call(rename),
		truncate: call((p, len) => { const n = nodes.get(norm(p)); if (!n) throw err("ENOENT"); truncate(n, len); }),
		ftruncate: call((fd, len) => truncate(file(fd)[1], len)),
		fsync: call((fd) => { file(fd); }),
		chmod: call((p, mode) => { const n = nodes.get(norm(p)); if (!n) throw err("ENOENT"); n.mode = mode & 0o777; }),
		fchmod: call((fd, mode) => { file(fd)[1].mode = mode & 0o777; }),
		chown: call(ok), fchown: call(ok), lchown: call(ok),
		utimes: call((p, atime, mtime) => { const n = nodes.get(norm(p)); if (!n) throw err("ENOENT"); n.mtime = mtime * 1000; }),
		readlink: call(() => { throw err("EINVAL"); }),
		link: call(() => { throw err("ENOSYS"); }),
		symlink: call(() => { throw err("ENOSYS"); }),
	};
	globalThis.path = { resolve: (...segs) => norm(segs.join("/")) };
	globalThis.process = {
		getuid() { return 0; }, getgid() { return 0; }, geteuid() { return 0; }, getegid() { return 0; },
		getgroups() { return []; }, pid: 1, ppid: 0, umask() { return 0o022; },
		cwd() { return "/"; }, chdir() { throw err("ENOSYS"); },
	};
})();
