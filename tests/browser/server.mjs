// The real `carcref serve` (CARCREF_BIN) for the browser tests.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';

/**
 * Starts `carcref serve --port 0` with `args` on a free loopback port; its first line of
 * output is the URL. Stop it with `server.kill('SIGINT')`.
 */
export async function serve(args = []) {
  const bin = process.env.CARCREF_BIN;
  assert.ok(bin, 'CARCREF_BIN must be set');
  const server = spawn(bin, ['serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.split('\n')[0].trim());
    });
    server.on('exit', (code) => reject(new Error(`carcref serve ended with ${code}`)));
  });
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  return { server, url };
}
