#!/usr/bin/env python3
"""The attacks of issue 24 against `carcref serve`, with what the server did under each.

    python3 scripts/bench-serve-load.py target/release/carcref [heavy|slowread|hold|all]

- heavy:    60 concurrent heavy /api/check POSTs, 3 rounds (statuses, peak threads, VmHWM,
            GET / latency while they run).
- slowread: 64 clients POST a check with a multi-MB answer and read it 4 KiB per 0.5 s
            with a 4 KiB receive buffer; GET / is tried every 0.5 s for 30 s.
- hold:     10,000 connections opened and held without a byte; GET / is tried meanwhile.

Each attack starts its own server on a free port. Standard library only.
"""

import resource
import socket
import statistics
import subprocess
import sys
import threading
import time


def heavy_scenario(side, refused_steps):
    """A board of `side`² city tiles and `refused_steps` monasteries that fit nowhere they
    are put (a city edge meets a field): every step is refused, each after the engine looked."""
    half = side // 2
    lines = ["title: Zátěž", "ruleset: zakladni-hra", "start: none", "players: [red, blue]", "board:"]
    for x in range(-half, side - half):
        for y in range(-half, side - half):
            lines.append(f"- {{tile: zh-mesto-ctyri-strany-erb, at: [{x},{y}]}}")
    lines.append("steps:" if refused_steps else "steps: []")
    for i in range(refused_steps):
        lines.append(f"- {{place: zh-klaster, at: [{side - half},{i % side - half}]}}")
    return ("\n".join(lines) + "\n").encode()


def start(binary):
    server = subprocess.Popen(
        [binary, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    url = server.stdout.readline().decode().strip()
    host, port = url.removeprefix("http://").rstrip("/").rsplit(":", 1)
    return server, (host, int(port))


def status_of(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return fields


class Sampler(threading.Thread):
    """Peak thread count of the server while an attack runs."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.running = pid, 0, True

    def run(self):
        while self.running:
            self.peak = max(self.peak, int(status_of(self.pid)["Threads"]))
            time.sleep(0.05)


def request(addr, raw, timeout=30.0, rcvbuf=None):
    sock = socket.socket()
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(timeout)
    sock.connect(addr)
    sock.sendall(raw)
    return sock


def post_check(addr, body, rcvbuf=None):
    head = (
        f"POST /api/check HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\n"
        f"Content-Type: application/yaml\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode()
    return request(addr, head + body, rcvbuf=rcvbuf)


def status_line(sock):
    data = b""
    while b"\r\n" not in data:
        piece = sock.recv(4096)
        if not piece:
            return None
        data += piece
    return int(data.split(b" ", 2)[1])


def read_all(sock):
    try:
        status = status_line(sock)
        while sock.recv(65536):
            pass
        return status
    except OSError:
        return None
    finally:
        sock.close()


def get_root(addr):
    started = time.monotonic()
    try:
        sock = request(addr, f"GET / HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\n\r\n".encode(), 10)
        status = read_all(sock)
    except OSError:
        status = None
    return status, time.monotonic() - started


def heavy(binary):
    body = heavy_scenario(48, 1500)
    server, addr = start(binary)
    alone = time.monotonic()
    solo = read_all(post_check(addr, body))
    alone = time.monotonic() - alone
    sampler = Sampler(server.pid)
    sampler.start()
    statuses, latencies = [], []
    for _ in range(3):
        results = [None] * 60
        def one(i):
            try:
                results[i] = read_all(post_check(addr, body))
            except OSError:
                results[i] = None
        threads = [threading.Thread(target=one, args=(i,)) for i in range(60)]
        for t in threads:
            t.start()
        while any(t.is_alive() for t in threads):
            latencies.append(get_root(addr)[1])
            time.sleep(0.2)
        for t in threads:
            t.join()
        statuses += results
    time.sleep(1)
    threads_after = int(status_of(server.pid)["Threads"])
    sampler.running = False
    hwm = status_of(server.pid)["VmHWM"]
    server.kill()
    counts = {s: statuses.count(s) for s in set(statuses)}
    print(f"heavy: scenario {len(body) // 1024} KiB, alone {solo} in {alone:.2f} s")
    print(f"heavy: 60 x 3 statuses {counts}; peak threads {sampler.peak}, {threads_after} a second after")
    print(f"heavy: VmHWM {hwm}; GET / during: median {statistics.median(latencies) * 1000:.0f} ms, "
          f"max {max(latencies) * 1000:.0f} ms over {len(latencies)} tries")


def slowread(binary):
    body = heavy_scenario(60, 0)
    server, addr = start(binary)
    statuses = []

    def drain(sock):
        try:
            while sock.recv(4096):
                time.sleep(0.5)
        except OSError:
            pass
        sock.close()

    # One after another, each once its answer has begun, as a patient attacker would.
    for _ in range(64):
        sock = post_check(addr, body, rcvbuf=4096)
        sock.settimeout(120)
        statuses.append(status_line(sock))
        threading.Thread(target=drain, args=(sock,), daemon=True).start()
    started = time.monotonic()
    tries = []
    while time.monotonic() - started < 30:
        threads = int(status_of(server.pid)["Threads"])
        tries.append((time.monotonic() - started, get_root(addr)[0], threads))
        time.sleep(0.5)
    refused = sum(1 for _, s, _ in tries if s != 200)
    first_ok = next((f"{t:.1f} s" for t, s, _ in tries if s == 200), "never")
    print(f"slowread: 64 slow readers (answers {statuses.count(200)} x 200, "
          f"{statuses.count(503)} x 503) of a {len(body) // 1024} KiB scenario's answer")
    print(f"slowread: GET / not 200 on {refused} of {len(tries)} tries in the 30 s after, "
          f"first 200 after {first_ok}; server threads at the start {tries[0][2]}, "
          f"at the end {tries[-1][2]}")
    print(f"slowread: VmHWM {status_of(server.pid)['VmHWM']}")
    server.kill()


def hold(binary):
    server, addr = start(binary)
    held = []
    for _ in range(10000):
        try:
            sock = socket.socket()
            sock.settimeout(5)
            sock.connect(addr)
            held.append(sock)
        except OSError:
            break
    statuses = [get_root(addr)[0] for _ in range(30)]
    fields = status_of(server.pid)
    print(f"hold: {len(held)} connections held; GET / statuses "
          f"{ {s: statuses.count(s) for s in set(statuses)} }; threads {fields['Threads']}, "
          f"VmHWM {fields['VmHWM']}")
    for sock in held:
        sock.close()
    time.sleep(6)
    print(f"hold: after they close, GET / {get_root(addr)[0]}")
    server.kill()


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    # 10,000 held connections need as many descriptors, here and in the server it starts.
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    which = sys.argv[2] if len(sys.argv) > 2 else "all"
    for name, attack in [("heavy", heavy), ("slowread", slowread), ("hold", hold)]:
        if which in (name, "all"):
            attack(binary)


if __name__ == "__main__":
    main()
