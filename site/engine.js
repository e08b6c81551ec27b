/* The browser engine: carcref's own Rust engine compiled to WebAssembly
 * (scripts/build-engine.sh), not a second engine in JavaScript. `carcref build` writes this
 * file to assets/engine.js with the module's bytes and the engine data of the built content
 * written in below (PARTS), so it works from file:// and offline.
 *
 * In a page it defines `carcrefEngine`; in Node, `require('./assets/engine.js')` returns the
 * same object. `carcrefEngine.check(yamlText)` resolves to what `carcref serve` answers at
 * /api/check: the verdict of `carcref check --json` with `svg.before` and `svg.after`, or
 * `{errors: [{line, column, message}]}`; `carcrefEngine.read(yamlText)` to the YAML as plain
 * JSON (`{doc}`) or the same errors. In a page the engine runs in a Web Worker, so a long
 * check never freezes the page. */
(function (root) {
  'use strict';
  const PARTS = __CARCREF_ENGINE__;

  // The engine's side, as one piece of source that runs in this thread or in a worker:
  // strings go in through the module's input buffer, JSON comes out of its output buffer.
  function engineSide() {
    return async function start(module, dataText) {
      const instance = await WebAssembly.instantiate(module, {});
      const exports = instance.exports;
      const encoder = new TextEncoder();
      const decoder = new TextDecoder();
      const call = (entry, text) => {
        const bytes = encoder.encode(text);
        const at = exports.carcref_input(bytes.length);
        new Uint8Array(exports.memory.buffer, at, bytes.length).set(bytes);
        const status = entry();
        const out = new Uint8Array(exports.memory.buffer, exports.carcref_output(), exports.carcref_output_len());
        return { status, text: decoder.decode(out) };
      };
      const init = call(exports.carcref_init, dataText);
      if (init.status !== 0) throw new Error('ověřování nepřijalo svá data: ' + init.text);
      const entries = { check: exports.carcref_check, read: exports.carcref_read };
      return (op, scenario) => JSON.parse(call(entries[op], String(scenario)).text);
    };
  }

  function bytesOf(base64) {
    if (typeof Buffer === 'function') return Buffer.from(base64, 'base64');
    const text = atob(base64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }

  let compiled;
  const compiledModule = () => (compiled = compiled || WebAssembly.compile(bytesOf(PARTS.wasm)));

  // In this thread (Node, or a page without workers); started again after a failure, since a
  // trapped module's state cannot be trusted.
  function inThread() {
    let checker;
    const start = engineSide();
    return Object.assign(async (op, text) => {
      checker = checker || start(await compiledModule(), PARTS.data);
      try {
        return (await checker)(op, text);
      } catch (error) {
        checker = undefined;
        throw error;
      }
    }, { place: 'thread' });
  }

  // In a worker made from this source (a blob, so that it starts from file:// too); the
  // compiled module and the data are handed over once.
  function inWorker() {
    const source = `'use strict';
const start = (${engineSide})();
let checker;
onmessage = async (event) => {
  const message = event.data;
  if (message.module) { checker = start(message.module, message.data); return; }
  try {
    postMessage({ id: message.id, verdict: (await checker)(message.op, message.text) });
  } catch (error) {
    postMessage({ id: message.id, error: String(error && error.message || error) });
  }
};`;
    let worker;
    let next = 0;
    const waiting = new Map();
    // A page whose policy forbids workers made from blobs: the error says so, and the
    // engine runs in the page's thread instead.
    const unavailable = (reason) => Object.assign(new Error(reason), { workerUnavailable: true });
    const begin = async () => {
      let made;
      try {
        made = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
      } catch (error) {
        throw unavailable(String(error && error.message || error));
      }
      made.onmessage = (event) => {
        const { id, verdict, error } = event.data;
        const promise = waiting.get(id);
        waiting.delete(id);
        if (error === undefined) return promise && promise.resolve(verdict);
        // A trapped module's state cannot be trusted: the next check starts a new worker.
        worker = undefined;
        made.terminate();
        if (promise) promise.reject(new Error(error));
        for (const other of waiting.values()) other.reject(new Error(error));
        waiting.clear();
      };
      made.onerror = (event) => {
        worker = undefined;
        for (const promise of waiting.values()) promise.reject(unavailable(event.message || 'worker nelze spustit'));
        waiting.clear();
      };
      made.postMessage({ module: await compiledModule(), data: PARTS.data });
      return made;
    };
    return Object.assign(async (op, text) => {
      worker = worker || begin();
      const made = await worker;
      const id = ++next;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        made.postMessage({ id, op, text: String(text) });
      });
    }, { place: 'worker' });
  }

  const canUseWorker = typeof Worker === 'function' && typeof Blob === 'function' && typeof URL === 'function' &&
    typeof URL.createObjectURL === 'function' && typeof window === 'object';
  let run = canUseWorker ? inWorker() : inThread();
  const ask = (op, text) =>
    run(op, text).catch((error) => {
      if (!error.workerUnavailable) throw error;
      run = inThread();
      return run(op, text);
    });
  const engine = {
    /** The verdict for a scenario's YAML text (see above). */
    check(text) {
      return ask('check', text);
    },
    /** The scenario's YAML as plain JSON, `{doc}`, read as the CLI reads it; or `{errors}`. */
    read(text) {
      return ask('read', text);
    },
    /** Where the checks run: 'worker' or, without workers, 'thread'. */
    get place() {
      return run.place;
    },
    /** Compiles the module ahead of the first check, so that the first answer comes quickly. */
    prepare() {
      return compiledModule().then(() => undefined);
    },
  };

  if (typeof module === 'object' && module && module.exports) module.exports = engine;
  else root.carcrefEngine = engine;
})(typeof self !== 'undefined' ? self : this);
